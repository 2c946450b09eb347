// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { presets, type Scenario } from '../../../src/engine';
import { LiveAssumptions, panelGroup, renderDashboard } from './render-dashboard';

const seed = presets.seedTeam as Scenario;

/** The texts an element's aria-describedby points to, joined. */
function description(element: HTMLElement): string {
  const ids = (element.getAttribute('aria-describedby') ?? '').split(/\s+/).filter(Boolean);
  return ids.map((id) => document.getElementById(id)?.textContent ?? '').join(' ');
}

describe('a field refused by the scenario schema', () => {
  it('busy power 29 kW with a 10.2 kW maximum: the issue is tied to the field and the scenario stays (English)', async () => {
    const { user, store } = renderDashboard(<LiveAssumptions />, { scenario: seed });
    await user.click(screen.getByText('Self-build', { selector: 'summary h3' }));
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Busy power per server' });
    await user.tripleClick(field);
    await user.paste('29');

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(description(field)).toContain('Must not exceed Maximum power per server. Not applied.');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Must not exceed Maximum power per server. Not applied.',
    );
    expect(field).toHaveValue('29');
    expect(store.getState().scenario).toBe(seed);
  });

  it('the same issue reads in Chinese on the Chinese page', async () => {
    const { user, store } = renderDashboard(<LiveAssumptions />, { scenario: seed, locale: 'zh-CN' });
    await user.click(screen.getByText('自建', { selector: 'summary h3' }));
    const field = panelGroup('自建').getByRole('textbox', { name: '每台服务器满载功率' });
    await user.tripleClick(field);
    await user.paste('29');

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(description(field)).toContain('不能超过每台服务器最大功率，未应用。');
    expect(store.getState().scenario).toBe(seed);
  });

  it('lowering the maximum below the busy power names the busy power beside the maximum field', async () => {
    const { user, store } = renderDashboard(<LiveAssumptions />, { scenario: seed });
    await user.click(screen.getByText('Self-build', { selector: 'summary h3' }));
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Maximum power per server' });
    await user.tripleClick(field);
    await user.paste('5');

    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(description(field)).toContain(
      'Busy power per server must not exceed Maximum power per server. Not applied.',
    );
    expect(store.getState().scenario).toBe(seed);
  });

  it('a fixed value is applied and the issue goes away', async () => {
    const { user, store } = renderDashboard(<LiveAssumptions />, { scenario: seed });
    await user.click(screen.getByText('Self-build', { selector: 'summary h3' }));
    const field = panelGroup('Self-build').getByRole('textbox', { name: 'Busy power per server' });
    await user.tripleClick(field);
    await user.paste('29');
    await user.tripleClick(field);
    await user.paste('9');

    expect(field).toHaveAttribute('aria-invalid', 'false');
    expect(store.getState().scenario.selfBuild.powerBusyKwPerServer).toBe(9);
  });
});
