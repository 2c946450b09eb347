import type { StrategyId } from '../../src/engine';
import type { CumulativePoint } from '../../src/view-model/chart-data';
import { cumulativeAxes } from '../../src/view-model/cumulative-axes';

/** Running totals of the cumulative chart: month m holds `perMonth[id] × (m + 1)`. */
function points(horizonMonths: number, perMonth: Partial<Record<StrategyId, number>>): CumulativePoint[] {
  return Array.from({ length: horizonMonths + 1 }, (_, m) => ({
    month: m,
    selfBuild: perMonth.selfBuild === undefined ? null : perMonth.selfBuild * (m + 1),
    rent: perMonth.rent === undefined ? null : perMonth.rent * (m + 1),
    platform: perMonth.platform === undefined ? null : perMonth.platform * (m + 1),
    hybrid: perMonth.hybrid === undefined ? null : perMonth.hybrid * (m + 1),
  }));
}

describe('cumulativeAxes (the dashboard and the PDF draw the cumulative chart on these)', () => {
  it('three years: a tick each year, the money axis in steps of 250 000 to just above the largest total', () => {
    // Largest drawn total: rent at month 36 = 37 × 33 367 = 1 234 579. Platform is far larger but not
    // drawn, so it must not stretch the axis.
    const data = points(36, { selfBuild: 20_000, rent: 33_367, platform: 900_000 });
    const axes = cumulativeAxes(data, ['selfBuild', 'rent'], 36);
    expect(axes.xTicks).toEqual([0, 12, 24, 36]);
    // About four steps of 1, 2, 2.5 or 5 × 10ⁿ: 250 000 needs 5 (4 × 250 000 = 1 000 000 is below the
    // total), topping at 1 250 000; 500 000 would top at 1 500 000 and 1 000 000 at 2 000 000, which
    // leave more empty space above the lines.
    expect(axes.yScale.top).toBe(1_250_000);
    expect(axes.yScale.ticks).toEqual([0, 250_000, 500_000, 750_000, 1_000_000, 1_250_000]);
  });

  it('a horizon off the year boundary ends on the horizon itself; ties on the top go to four steps', () => {
    // 30 months: years at 0, 12, 24, then the horizon. Largest total: hybrid at month 30 = 31 × 3 = 93.
    const axes = cumulativeAxes(points(30, { hybrid: 3, rent: 2 }), ['hybrid', 'rent'], 30);
    expect(axes.xTicks).toEqual([0, 12, 24, 30]);
    // 20 × 5 and 25 × 4 both top at 100 (50 × 2 too); four steps is the target.
    expect(axes.yScale.ticks).toEqual([0, 25, 50, 75, 100]);
  });

  it('one year is marked by quarter; six years by year', () => {
    expect(cumulativeAxes(points(12, { rent: 1 }), ['rent'], 12).xTicks).toEqual([0, 3, 6, 9, 12]);
    expect(cumulativeAxes(points(72, { rent: 1 }), ['rent'], 72).xTicks).toEqual([0, 12, 24, 36, 48, 60, 72]);
  });

  it('nothing drawn: a unit axis rather than a division by zero', () => {
    expect(cumulativeAxes(points(24, {}), [], 24).yScale).toEqual({ top: 1, ticks: [0, 1] });
  });
});
