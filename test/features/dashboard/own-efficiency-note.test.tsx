import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { defaultScenario, evaluate } from '../../../src/engine';
import { scaleToLoadRate } from '../../../src/engine/demand';
import { OwnEfficiencyNote } from '../../../src/features/dashboard/own-efficiency-note';
import { renderWithStore } from '../../render-with-store';

describe('the own cluster’s utilization beside the load-rate slider', () => {
  it('names the engine’s efficiency and its origin, and says nothing about excess at a load below it', () => {
    const e = evaluate(defaultScenario);
    renderWithStore(<OwnEfficiencyNote scenario={defaultScenario} evaluation={e} />);
    expect(screen.getByTestId('own-efficiency')).toHaveTextContent(
      'Useful share your cluster achieves: 45% (by rule for team level 3 without pooling)',
    );
    expect(e.loadRate).toBeLessThan(e.ownEfficiency);
    expect(screen.queryByTestId('load-above-efficiency')).toBeNull();
  });

  it('says by how many points a load above it exceeds it, and that the excess bursts', () => {
    const s = scaleToLoadRate(defaultScenario, 0.8);
    const e = evaluate(s);
    renderWithStore(<OwnEfficiencyNote scenario={s} evaluation={e} />, { scenario: s });
    const points = Math.round((e.loadRate - e.ownEfficiency) * 1000) / 10;
    expect(screen.getByTestId('load-above-efficiency')).toHaveTextContent(
      `At 80% load, ${points} points over the cluster's utilization cap: the excess bursts to the platform.`,
    );
  });

  it('states the load as the slider does, one decimal (review #13: 66.2%, not 66%), in Chinese too', () => {
    const s = scaleToLoadRate(defaultScenario, 0.662);
    const e = evaluate(s);
    renderWithStore(<OwnEfficiencyNote scenario={s} evaluation={e} />, { scenario: s, locale: 'zh-CN' });
    const load = Math.round(e.loadRate * 1000) / 10;
    const points = Math.round((e.loadRate - e.ownEfficiency) * 1000) / 10;
    expect(load).toBe(66.2);
    expect(screen.getByTestId('load-above-efficiency')).toHaveTextContent(
      `当前负载率 ${load}%，比自有集群利用率上限高 ${points} 个百分点：超出部分弹性转到智算平台。`,
    );
  });
});
