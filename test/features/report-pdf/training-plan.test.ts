import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import {
  defaultScenario,
  evaluate,
  newTrainingRun,
  planDeadlines,
  runGpuHours,
  type Scenario,
  type TrainingRun,
} from '../../../src/engine';
import { switchDemandMode } from '../../../src/engine/demand-mode';
import { buildWorkbook } from '../../../src/features/report-pdf/excel-workbook';
import { buildReport } from '../../../src/features/report-pdf/report-model';
import { createI18n } from '../../../src/i18n';
import type { MoneyFormat } from '../../../src/lib/format';
import { planChartData, planView } from '../../../src/view-model/training-plan';
import { finishText, onTimeCheapestText } from '../../../src/view-model/training-plan-text';

const pretrain: TrainingRun = {
  ...newTrainingRun(defaultScenario),
  name: 'Pre-train',
  sizeBy: 'gpuHours',
  gpuHours: 64 * 168 * 4,
  gpus: 64,
  deadlineWeek: 8,
};

function planScenario(runs: TrainingRun[]): Scenario {
  const s: Scenario = {
    ...defaultScenario,
    selfBuild: { ...defaultScenario.selfBuild, capacityGpus: 64, buildLeadTimeMonths: 3 },
    operations: { ...defaultScenario.operations, hwInterruptionsPerGpuHour: 0 },
    trainingPlan: { runs, recurringGpuHoursPerMonth: 0, onDemandGpus: 256 },
  };
  return switchDemandMode(s, 'plan');
}

const en: MoneyFormat = { locale: 'en', currency: 'CNY', cnyPerUsd: 7.2 };
const zh: MoneyFormat = { locale: 'zh-CN', currency: 'CNY', cnyPerUsd: 7.2 };

describe('the plan view-model', () => {
  it('rows carry the engine’s GPU-hours and finish weeks; the total is their sum', () => {
    const s = planScenario([
      pretrain,
      { ...pretrain, name: 'Fine-tune', gpuHours: 1000, startWeek: 3, gpus: 8 },
    ]);
    const e = evaluate(s);
    const view = planView(s, e);
    const d = planDeadlines(s, e);
    expect(view.rows.map((r) => r.gpuHours)).toEqual(s.trainingPlan.runs.map(runGpuHours));
    expect(view.totalGpuHours).toBe(
      runGpuHours(s.trainingPlan.runs[0]!) + runGpuHours(s.trainingPlan.runs[1]!),
    );
    expect(view.rows[0]?.finishWeek.selfBuild).toBe(d.strategies.selfBuild.runs[0]?.finishWeek);
    expect(view.rows[0]?.slipWeeks.selfBuild).toBe(10);
  });

  it('says a missed deadline in words with the weeks late, in both languages', () => {
    const s = planScenario([pretrain]);
    const view = planView(s, evaluate(s));
    expect(finishText(view, 'selfBuild', createI18n('en').t, en)).toBe(
      'Last run finishes in week 18 — late: Run 1 “Pre-train” 10 weeks late',
    );
    expect(finishText(view, 'rent', createI18n('en').t, en)).toBe(
      'Every run on time; the last finishes in week 4',
    );
    expect(finishText(view, 'selfBuild', createI18n('zh-CN').t, zh)).toBe(
      '最后一项在第 18 周完成；延误：训练任务 1“Pre-train”晚 10 周',
    );
    expect(onTimeCheapestText(view, createI18n('en').t, en)).toMatch(
      /^Cheapest way that meets every deadline: /,
    );
  });

  it('draws each run as a band over the curve it produces', () => {
    const s = planScenario([pretrain]);
    const chart = planChartData(s);
    expect(chart.points.slice(0, 5).map((p) => p.gpus)).toEqual([64, 64, 64, 64, 0]);
    expect(chart.bands).toEqual([{ index: 0, name: 'Pre-train', fromWeek: 1, toWeek: 5 }]);
  });

  it('the PDF has a Training plan section with the runs and finish weeks; a non-plan scenario has none', () => {
    const s = planScenario([pretrain]);
    const args = {
      evaluation: evaluate(s),
      locale: 'en' as const,
      money: en,
      shareUrl: 'https://example.test/#s=2.x',
      generatedAt: new Date(2026, 11, 1),
      monteCarlo: null,
      tornado: null,
      t: createI18n('en').t,
    };
    const r = buildReport({ ...args, scenario: s });
    const section = r.sections.find((x) => x.id === 'trainingPlan');
    const table = section?.blocks.find((b) => b.kind === 'table');
    expect(table?.kind === 'table' && table.table.body[0]).toEqual([
      'Run 1 “Pre-train”',
      'H800',
      '43,008',
      '64',
      '1',
      '8',
      'week 18 (10 late)',
      '4',
      '4',
      expect.any(String),
    ]);
    // How the hours were reckoned: the run's MFU (its typed-or-default figure) and the ×1.1 overhead.
    const notes = section?.blocks.flatMap((b) => (b.kind === 'paragraph' ? [b.text] : [])) ?? [];
    expect(notes).toContain(
      'GPU-hours = 6 × parameters × tokens ÷ (peak FLOPS × MFU) × 1.1, the reported-hours overhead (evaluation, warm-up, checkpoint writes, slow nodes; interruptions are in the failure cost). MFU: Run 1 “Pre-train” 35%.',
    );
    const plain = buildReport({ ...args, scenario: defaultScenario, evaluation: evaluate(defaultScenario) });
    expect(plain.sections.some((x) => x.id === 'trainingPlan')).toBe(false);
  });

  it('the workbook has a Training plan sheet with each run’s MFU, reported-hours overhead, GPU-hours and finish weeks', async () => {
    const s = planScenario([pretrain]);
    const wb = buildWorkbook({
      scenario: s,
      evaluation: evaluate(s),
      money: en,
      t: createI18n('en').t,
      scenarioName: 'Plan',
      generatedAt: new Date(2026, 11, 1),
      monteCarlo: null,
      tornado: null,
    });
    const buffer = await wb.xlsx.writeBuffer();
    const back = new ExcelJS.Workbook();
    await back.xlsx.load(buffer);
    const sheet = back.getWorksheet('Training plan');
    expect(sheet).toBeDefined();
    expect(sheet?.getRow(1).getCell(5).value).toBe('Reported-hours overhead');
    // The run is given in GPU-hours: taken as given, the overhead shown beside them (×1.1).
    expect(sheet?.getRow(2).getCell(5).value).toBe(1.1);
    expect(sheet?.getRow(2).getCell(6).value).toBe(43_008);
    expect(sheet?.getRow(2).getCell(10).value).toBe(18);
    expect(sheet?.getRow(2).getCell(11).value).toBe(10);
  });
});
