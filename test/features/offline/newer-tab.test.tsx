import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { NewerTabNotice } from '../../../src/features/offline/newer-tab-notice';
import { createNewerTabSignal, watchOtherTabs } from '../../../src/features/offline/newer-tab-signal';
import { readTabMessage, type TabChannel, type TabMessage } from '../../../src/lib/tab-channel';
import { StoreProvider } from '../../../src/state/store-context';
import { englishWords } from '../../english-words';
import { makeStore } from '../../render-with-store';

/** Issue 36 item 3: a tab of an older release learns that a newer one is open, and says so. */

function fakeChannel() {
  const posted: TabMessage[] = [];
  const listeners = new Set<(m: TabMessage) => void>();
  const channel: TabChannel = {
    post: (m) => void posted.push(m),
    subscribe: (l) => {
      listeners.add(l);
      return () => listeners.delete(l);
    },
  };
  const receive = (m: TabMessage) => {
    for (const l of listeners) l(m);
  };
  return { channel, posted, receive };
}

describe('watching the other tabs', () => {
  it('says hello with its schema version and answers other tabs’ hellos', () => {
    const { channel, posted, receive } = fakeChannel();
    watchOtherTabs(channel, 8, createNewerTabSignal());
    expect(posted).toEqual([{ type: 'hello', schemaVersion: 8 }]);
    receive({ type: 'hello', schemaVersion: 7 });
    expect(posted).toEqual([
      { type: 'hello', schemaVersion: 8 },
      { type: 'here', schemaVersion: 8 },
    ]);
  });

  it('marks a newer tab on any message of a higher schema version, never on an equal or lower one', () => {
    const { channel, receive } = fakeChannel();
    const signal = createNewerTabSignal();
    watchOtherTabs(channel, 8, signal);
    receive({ type: 'here', schemaVersion: 8 });
    receive({ type: 'wroteSaved', schemaVersion: 7 });
    expect(signal.current()).toBe(false);
    receive({ type: 'wroteSaved', schemaVersion: 9 });
    expect(signal.current()).toBe(true);
  });

  it('reads only messages of the app’s own shape from the channel', () => {
    expect(readTabMessage({ type: 'hello', schemaVersion: 9 })).toEqual({ type: 'hello', schemaVersion: 9 });
    expect(readTabMessage({ type: 'hello', schemaVersion: '9' })).toBeNull();
    expect(readTabMessage({ type: 'other', schemaVersion: 9 })).toBeNull();
    expect(readTabMessage('hello')).toBeNull();
  });
});

describe('NewerTabNotice', () => {
  function renderNotice(locale: 'en' | 'zh-CN' = 'en') {
    const signal = createNewerTabSignal();
    const reload = vi.fn();
    render(
      <StoreProvider store={makeStore({ locale })}>
        <NewerTabNotice signal={signal} reload={reload} />
      </StoreProvider>,
    );
    return { signal, reload };
  }

  it('shows nothing until a newer tab is known, then says so and reloads on request', async () => {
    const { signal, reload } = renderNotice();
    expect(screen.queryByTestId('newer-tab-notice')).toBeNull();
    act(() => signal.markNewer());
    expect(screen.getByTestId('newer-tab-notice')).toHaveTextContent(
      'A newer version of the app is open in another tab',
    );
    expect(reload).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it('speaks Chinese with no English word', () => {
    const { signal } = renderNotice('zh-CN');
    act(() => signal.markNewer());
    const notice = screen.getByTestId('newer-tab-notice');
    expect(notice).toHaveTextContent('另一个标签页中打开了较新版本的应用');
    expect(englishWords(notice.textContent ?? '')).toEqual([]);
  });
});
