// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ScenarioNotice } from '../../../src/features/scenarios/scenario-notice';
import { createI18n } from '../../../src/i18n';
import type { Locale } from '../../../src/lib/format';
import { MIGRATION_NOTES } from '../../../src/scenario/migrate';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';
import { englishWords } from '../../english-words';

function renderNotice(locale: Locale) {
  const store = createAppStore({ locale });
  store.getState().setNotice({ kind: 'upgraded', notes: [...MIGRATION_NOTES] });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <ScenarioNotice />
      </I18nextProvider>
    </StoreProvider>,
  );
  return { store, user: userEvent.setup() };
}

describe('the notice about a link or file from an earlier version', () => {
  it('lists every assumption the upgrade made, and can be dismissed', async () => {
    const { store, user } = renderNotice('en');
    const status = screen.getByRole('status');
    expect(within(status).getAllByRole('listitem')).toHaveLength(MIGRATION_NOTES.length);
    expect(status).toHaveTextContent('still fetches when sold');
    expect(status).toHaveTextContent('set it to 0 for a site that already runs');
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(store.getState().notice).toBeNull();
  });

  it('says it in Chinese, without English words', () => {
    renderNotice('zh-CN');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('早期版本');
    expect(englishWords(status.textContent ?? '')).toEqual([]);
  });
});

describe('the notice about dollars that did not match their yuan values', () => {
  function renderReconciled(locale: Locale) {
    const store = createAppStore({ locale });
    store.getState().setNotice({ kind: 'usdReconciled', paths: ['rent.priceCnyPerServerHour'] });
    render(
      <StoreProvider store={store}>
        <I18nextProvider i18n={createI18n(locale)}>
          <ScenarioNotice />
        </I18nextProvider>
      </StoreProvider>,
    );
    return { store, user: userEvent.setup() };
  }

  it('names the inputs and the rate, says the yuan values were kept, and can be dismissed', async () => {
    const { store, user } = renderReconciled('en');
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('rent.priceCnyPerServerHour');
    expect(status).toHaveTextContent('7.2 CNY per USD');
    expect(status).toHaveTextContent('yuan values');
    await user.click(within(status).getByRole('button', { name: 'Dismiss' }));
    expect(store.getState().notice).toBeNull();
  });

  it('says it in Chinese', () => {
    renderReconciled('zh-CN');
    expect(screen.getByRole('status')).toHaveTextContent('人民币值');
  });
});
