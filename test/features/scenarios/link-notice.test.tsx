// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { ScenarioNotice } from '../../../src/features/scenarios/scenario-notice';
import { createI18n } from '../../../src/i18n';
import type { Locale } from '../../../src/lib/format';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

const rejected = 'https://example.test/app/#s=1.eJyrVkrOzy0oSi0uTk1RsgJSBUX5BalFxRmZOUq1AOlZDKs&cur=CNY';

function renderNotice(locale: Locale) {
  const store = createAppStore({ locale });
  store.getState().setNotice({ kind: 'linkError', error: 'badCompression', issues: [], link: rejected });
  render(
    <StoreProvider store={store}>
      <I18nextProvider i18n={createI18n(locale)}>
        <ScenarioNotice />
      </I18nextProvider>
    </StoreProvider>,
  );
  return { store, user: userEvent.setup() };
}

describe('the notice about a link that could not be opened', () => {
  it('shows the whole rejected link in a read-only field, selected on focus so it can be copied', async () => {
    const { user } = renderNotice('en');
    const alert = screen.getByRole('alert');
    const field = within(alert).getByRole('textbox', { name: /The link as it was opened/ });
    expect(field).toHaveValue(rejected);
    expect(field).toHaveAttribute('readonly');
    await user.click(field);
    const input = field as HTMLInputElement;
    expect([input.selectionStart, input.selectionEnd]).toEqual([0, rejected.length]);
  });

  it('labels the link in Chinese', () => {
    renderNotice('zh-CN');
    expect(screen.getByRole('textbox', { name: /打开时的链接/ })).toHaveValue(rejected);
  });
});
