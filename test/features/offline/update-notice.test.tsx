import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { UpdateNotice } from '../../../src/features/offline/update-notice';
import { createUpdateSignal } from '../../../src/features/offline/update-signal';
import { StoreProvider } from '../../../src/state/store-context';
import { makeStore } from '../../render-with-store';

function renderNotice(locale: 'en' | 'zh-CN' = 'en') {
  const signal = createUpdateSignal();
  const store = makeStore({ locale });
  render(
    <StoreProvider store={store}>
      <UpdateNotice signal={signal} />
    </StoreProvider>,
  );
  return { signal, store };
}

describe('UpdateNotice', () => {
  it('shows nothing while no new version waits', () => {
    renderNotice();
    expect(screen.queryByTestId('update-notice')).toBeNull();
  });

  it('says a new version is ready and reloads only when the user presses Reload', async () => {
    const { signal } = renderNotice();
    const apply = vi.fn();
    act(() => signal.offer(apply));
    expect(screen.getByRole('status')).toHaveTextContent('A new version is ready');
    expect(apply).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole('button', { name: 'Reload' }));
    expect(apply).toHaveBeenCalledTimes(1);
  });

  it('speaks the app’s language', () => {
    const { signal } = renderNotice('zh-CN');
    act(() => signal.offer(() => {}));
    expect(screen.getByTestId('update-notice')).toHaveTextContent('新版本已就绪');
    expect(screen.getByRole('button', { name: '重新加载' })).toBeInTheDocument();
  });
});
