// @vitest-environment jsdom
import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import { chooseModel, compareHardware, defaultScenario, GPU_MODELS, presets } from '../../../src/engine';
import { HardwareSection } from '../../../src/features/hardware';
import { compareTableRows } from '../../../src/features/hardware/compare-data';
import { createI18n } from '../../../src/i18n';
import type { Locale } from '../../../src/lib/format';
import { moneyInputShown, withMoneyInput } from '../../../src/scenario';
import { createAppStore } from '../../../src/state/store';
import { StoreProvider } from '../../../src/state/store-context';

function renderSection(locale: Locale = 'en') {
  const store = createAppStore({ scenario: defaultScenario, locale });
  const user = userEvent.setup();
  render(
    <I18nextProvider i18n={createI18n(locale)}>
      <StoreProvider store={store}>
        <HardwareSection />
      </StoreProvider>
    </I18nextProvider>,
  );
  return { store, user };
}

describe('hardware choices', () => {
  it('offers every catalogue model by its catalogue name, today’s defaults selected', () => {
    renderSection();
    const own = screen.getByRole('combobox', { name: 'Own cluster GPU' });
    const options = within(own)
      .getAllByRole('option')
      .map((o) => o.textContent);
    expect(options).toEqual([...GPU_MODELS.map((m) => m.name), 'Custom (your own figures)']);
    expect(own).toHaveValue('h800');
    expect(screen.getByRole('combobox', { name: 'Rented GPU' })).toHaveValue('custom');
    expect(screen.getByRole('combobox', { name: 'Platform GPU' })).toHaveValue('custom');
  });

  it('fills the catalogue figures in one validated undo step when a model is chosen', async () => {
    const { store, user } = renderSection();
    const before = store.temporal.getState().pastStates.length;
    await user.selectOptions(screen.getByRole('combobox', { name: 'Own cluster GPU' }), 'H20');
    expect(store.getState().scenario).toEqual(chooseModel(defaultScenario, 'selfBuild', 'h20'));
    expect(store.temporal.getState().pastStates.length).toBe(before + 1);
    expect(screen.getByTestId('hw-value-selfBuild.serverPriceCny')).toHaveTextContent('1,200,000');
  });

  it('lets the user pick another dated catalogue price, which is not marked as theirs', async () => {
    const { store, user } = renderSection();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Own cluster GPU' }), 'H20');
    const pick = screen.getByRole('combobox', { name: '8-GPU server price: catalogue figure' });
    const labels = within(pick)
      .getAllByRole('option')
      .map((o) => o.textContent ?? '');
    expect(labels[1]).toMatch(/China, Feb 2024: CN¥1,400,000/);
    expect(labels[2]).toMatch(/\(estimate\)$/);
    await user.selectOptions(pick, '1');
    expect(store.getState().scenario.selfBuild.serverPriceCny).toBe(1_400_000);
    expect(store.getState().scenario.hardware.userEdited).toEqual([]);
    expect(screen.queryByText('Your value')).toBeNull();
  });

  it('picking a catalogue figure after typing the price in dollars forgets the dollars, so a rate change keeps the pick', async () => {
    const { store, user } = renderSection();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Own cluster GPU' }), 'H20');
    const path = 'selfBuild.serverPriceCny';
    act(() => {
      store
        .getState()
        .commitScenario((s) => withMoneyInput(s, path, 150_000, 'USD', 7.2), { source: 'field' });
    });
    await user.selectOptions(
      screen.getByRole('combobox', { name: '8-GPU server price: catalogue figure' }),
      '1',
    );
    expect(store.getState().scenario.selfBuild.serverPriceCny).toBe(1_400_000);
    expect(store.getState().scenario.usdInputs).toEqual({});
    expect(moneyInputShown(store.getState().scenario, path, 'USD', 7.2)).toBeCloseTo(1_400_000 / 7.2, 6);
    act(() => {
      store.getState().setCnyPerUsd(7);
    });
    expect(store.getState().scenario.selfBuild.serverPriceCny).toBe(1_400_000);
  });

  it('says "Estimate" beside every low-confidence value and shows source and date on focus and tap', async () => {
    const { user } = renderSection();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Own cluster GPU' }), 'H20');
    const power = screen.getByTestId('hw-value-selfBuild.powerMaxKwPerServer').parentElement!;
    expect(power).toHaveTextContent('Estimate (low confidence)');
    const tip = within(power).getByRole('button', { name: 'Source of Server power, maximum' });
    const bubble = within(power).getByRole('tooltip', { hidden: true });
    expect(bubble).not.toBeVisible();
    act(() => tip.focus());
    expect(bubble).toBeVisible();
    expect(bubble).toHaveTextContent('Low confidence: an estimate or a weak source');
    expect(bubble).toHaveTextContent('Range 6.5–7.8');
    await user.keyboard('{Escape}');
    expect(bubble).not.toBeVisible();
    // A tap (click) opens it again.
    await user.click(tip);
    expect(bubble).toBeVisible();
  });

  it('refuses a throughput ratio out of range with a message, and marks a typed ratio as the user’s', async () => {
    const { store, user } = renderSection();
    const ratio = screen.getByRole('textbox', { name: /^Rented GPU: relative throughput/ });
    await user.tripleClick(ratio);
    await user.paste('0');
    expect(screen.getByRole('alert')).toHaveTextContent('Must be between 0.01 and 100.');
    expect(store.getState().scenario.hardware.rent.throughputRatio).toBe(1);
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rented GPU' }), 'H100 SXM');
    await user.tripleClick(ratio);
    await user.paste('1.3');
    expect(store.getState().scenario.hardware.rent.throughputRatio).toBe(1.3);
    expect(store.getState().scenario.hardware.userEdited).toEqual(['hardware.rent.throughputRatio']);
    expect(within(screen.getByTestId('hw-card-rent')).getByText('Your value')).toBeInTheDocument();
    expect(screen.getByTestId('hw-card-rent')).toHaveTextContent('Real training speed-ups differ');
  });

  it('names the choices in Chinese', () => {
    renderSection('zh-CN');
    expect(screen.getByRole('combobox', { name: '自建 GPU' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '租用 GPU' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: '平台 GPU' })).toBeInTheDocument();
  });
});

describe('compare hardware table data', () => {
  it('is the engine’s ranking, with "never" crossovers sorting last', () => {
    const cmp = compareHardware(presets.growingCompany!);
    const rows = compareTableRows(cmp);
    expect(rows.map((r) => r.modelId)).toEqual(cmp.rows.map((r) => r.modelId));
    rows.forEach((r, i) => {
      expect(r.costPerUsefulPflopHourCny).toBe(cmp.rows[i]!.costPerUsefulPflopHourCny);
      expect(r.crossoverSort).toBe(cmp.rows[i]!.crossoverLoadRate ?? Number.POSITIVE_INFINITY);
    });
  });
});
