import { describe, expect, it } from 'vitest';
import { presets } from '../../../src/engine';
import {
  budgetVersions,
  groupSaved,
  renameSaved,
  resetSavedToPreset,
  withActuals,
} from '../../../src/features/scenarios/saved-scenarios';
import { type BudgetStamp, nextVersionOf, type SavedScenario } from '../../../src/scenario';

const stamp = (budgetId: string, version: number, label = 'Budget FY27'): BudgetStamp => ({
  budgetId,
  label,
  version,
  frozenAt: '2026-12-03T09:00:00.000Z',
  preparedBy: '',
  hash: '00000000',
});
const entry = (id: string, budget?: BudgetStamp): SavedScenario => ({
  id,
  name: id,
  savedAt: '2026-12-03T09:00:00.000Z',
  scenario: { ...presets.seedTeam!, name: id },
  ...(budget ? { budget } : {}),
});

describe('saved list with budget versions', () => {
  const list = [
    entry('a'),
    entry('fy27-v2', stamp('fy27', 2, 'Budget FY27 (revised)')),
    entry('b'),
    entry('fy27-v1', stamp('fy27', 1)),
    entry('q1', stamp('q1', 1, 'Q1')),
  ];

  it('groups each budget’s versions by version where its first entry stands, others in place', () => {
    const rows = groupSaved(list);
    expect(
      rows.map((r) => (r.kind === 'entry' ? r.entry.id : r.versions.map((v) => v.id).join('+'))),
    ).toEqual(['a', 'fy27-v1+fy27-v2', 'b', 'q1']);
    // Named by its latest version's label.
    expect(rows[1]?.kind === 'budget' ? rows[1].label : '').toBe('Budget FY27 (revised)');
  });

  it('lists the versions of one budget', () => {
    expect(budgetVersions(list, 'fy27').sort()).toEqual([1, 2]);
    expect(budgetVersions(list, 'none')).toEqual([]);
  });

  it('never renames or resets a frozen version, while an ordinary entry still can be', () => {
    const renamed = renameSaved(list, 'fy27-v1', 'New name', 'later');
    expect(renamed.find((e) => e.id === 'fy27-v1')).toEqual(list[3]);
    expect(renameSaved(list, 'a', 'New name', 'later').find((e) => e.id === 'a')?.name).toBe('New name');
    const reset = resetSavedToPreset(
      list,
      'fy27-v2',
      { id: 'largeLab', scenario: presets.largeLab! },
      'later',
    );
    expect(reset.find((e) => e.id === 'fy27-v2')).toEqual(list[1]);
  });

  it('numbers the next version above every version known, the draft’s own included', () => {
    expect(nextVersionOf([3])).toBe(4);
    expect(nextVersionOf([3, 1, 2])).toBe(4);
    expect(nextVersionOf([])).toBe(1);
  });

  it('keeps actuals only on a frozen entry that is still in the list, and says whether it was', () => {
    const actuals = {
      file: 'b.csv',
      importedAt: 'now',
      firstMonth: '2027-01',
      bills: { monthKind: 'horizon' as const, rows: 0, usdRows: 0, months: [] },
    };
    const seen: boolean[] = [];
    const kept = withActuals(list, 'fy27-v1', actuals, (f) => seen.push(f));
    expect(kept.find((e) => e.id === 'fy27-v1')?.actuals).toEqual(actuals);
    expect(withActuals(list, 'gone', actuals, (f) => seen.push(f))).toEqual(list);
    expect(withActuals(list, 'a', actuals, (f) => seen.push(f))).toEqual(list);
    expect(seen).toEqual([true, false, false]);
  });
});
