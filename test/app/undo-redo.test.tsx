// @vitest-environment jsdom
import { fireEvent, screen } from '@testing-library/react';
import { historyCommandFor } from '../../src/app/undo-keys';
import { UndoRedoButtons, useHistoryShortcuts } from '../../src/app/undo-redo';
import { presets, type Scenario } from '../../src/engine';
import { LiveAssumptions, panelGroup, renderDashboard } from '../features/dashboard/render-dashboard';

const seed = presets.seedTeam as Scenario;

/** The header's Undo and Redo with the page-wide shortcuts, as the shell mounts them. */
function History() {
  useHistoryShortcuts();
  return <UndoRedoButtons />;
}

/** Undo/Redo beside the assumption panels, whose fields make the changes to undo. */
const page = (
  <>
    <History />
    <LiveAssumptions />
  </>
);
const KEY = { ctrlKey: false, metaKey: false, shiftKey: false, altKey: false };

describe('Undo and Redo in the header', () => {
  it('are disabled with nothing to undo, and undo/redo a field change exactly', async () => {
    const { user, store } = renderDashboard(page, { scenario: seed });
    const undo = screen.getByRole('button', { name: 'Undo' });
    const redo = screen.getByRole('button', { name: 'Redo' });
    expect(undo).toBeDisabled();
    expect(redo).toBeDisabled();

    const field = panelGroup('Workload').getByRole('textbox', { name: 'Hours per job' });
    await user.tripleClick(field);
    await user.paste('30');
    const changed = store.getState().scenario;
    expect(changed.demand.hoursPerJob).toBe(30);
    expect(undo).toBeEnabled();

    await user.click(undo);
    expect(store.getState().scenario).toBe(seed);
    expect(panelGroup('Workload').getByRole('textbox', { name: 'Hours per job' })).toHaveValue('24');
    expect(redo).toBeEnabled();
    await user.click(redo);
    expect(store.getState().scenario).toBe(changed);
  });

  it('are named in Chinese on the Chinese page', () => {
    renderDashboard(<History />, { scenario: seed, locale: 'zh-CN' });
    expect(screen.getByRole('button', { name: '撤销' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '重做' })).toBeDisabled();
  });

  it('Ctrl+Z outside a text field undoes; inside a text field it is left to the browser', async () => {
    const { user, store } = renderDashboard(page, { scenario: seed });
    const field = panelGroup('Workload').getByRole('textbox', { name: 'Hours per job' });
    await user.tripleClick(field);
    await user.paste('30');

    fireEvent.keyDown(field, { key: 'z', ctrlKey: true });
    expect(store.getState().scenario.demand.hoursPerJob).toBe(30);

    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(store.getState().scenario).toBe(seed);
    fireEvent.keyDown(document.body, { key: 'Z', ctrlKey: true, shiftKey: true });
    expect(store.getState().scenario.demand.hoursPerJob).toBe(30);
  });
});

describe('historyCommandFor', () => {
  it('maps Ctrl/Cmd+Z to undo and Ctrl/Cmd+Shift+Z and Ctrl+Y to redo, nothing else', () => {
    expect(historyCommandFor({ ...KEY, key: 'z', ctrlKey: true })).toBe('undo');
    expect(historyCommandFor({ ...KEY, key: 'z', metaKey: true })).toBe('undo');
    expect(historyCommandFor({ ...KEY, key: 'Z', ctrlKey: true, shiftKey: true })).toBe('redo');
    expect(historyCommandFor({ ...KEY, key: 'z', metaKey: true, shiftKey: true })).toBe('redo');
    expect(historyCommandFor({ ...KEY, key: 'y', ctrlKey: true })).toBe('redo');
    expect(historyCommandFor({ ...KEY, key: 'z' })).toBeNull();
    expect(historyCommandFor({ ...KEY, key: 'z', ctrlKey: true, altKey: true })).toBeNull();
    expect(historyCommandFor({ ...KEY, key: 'x', ctrlKey: true })).toBeNull();
  });
});
