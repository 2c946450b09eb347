import type { TFunction } from 'i18next';
import type { Evaluation, Scenario } from '../../engine';
import { downloadBlob } from '../../lib/download';
import { exportFileName } from '../../lib/file-name';
import type { MoneyFormat } from '../../lib/format';
import type { BudgetActualReport } from '../../view-model/budget-actuals';
import type { AmountScale } from '../../view-model/cash-table';
import type { AnalysisClient } from '../../workers/analysis-client';
import { analysesForExport } from './export-analyses';
import type { WizardAnswers } from './report-document';

export type ExportFormat = 'pdf' | 'xlsx';

export interface ExportRequest {
  format: ExportFormat;
  scenario: Scenario;
  evaluation: Evaluation;
  money: MoneyFormat;
  shareUrl: string;
  wizard: WizardAnswers | null;
  /**
   * The budget version open and its actual bills (the PDF's "Budget vs actual" page, the workbook's
   * Variance and Reforecast sheets), or null.
   */
  budgetActual?: BudgetActualReport | null;
  preparedBy: string;
  notes: string;
  /** Amounts in the tables: whole units, or 万/亿 (K/M in English) as the charts show them. */
  scale: AmountScale;
  t: TFunction;
  client: AnalysisClient;
  onProgress: (fraction: number) => void;
  onBuilding: () => void;
}

/**
 * One export, PDF or Excel: wait for the analyses of exactly this scenario (reused or run in the
 * worker), then load the format's code on demand (jsPDF, svg2pdf, the font; or ExcelJS) and download
 * the file. Returns the file's name and size.
 */
export async function runExport(request: ExportRequest): Promise<{ fileName: string; bytes: number }> {
  const { scenario, evaluation, money, t } = request;
  const analyses = await analysesForExport(scenario, request.client, request.onProgress);
  request.onBuilding();
  const generatedAt = new Date();
  const { buildReport, reportScenarioName } = await import('./report-model');
  if (request.format === 'pdf') {
    const { exportReportPdf } = await import('./export-pdf');
    const report = buildReport({
      scenario,
      evaluation,
      locale: money.locale,
      money,
      shareUrl: request.shareUrl,
      generatedAt,
      wizard: request.wizard,
      budgetActual: request.budgetActual ?? null,
      preparedBy: request.preparedBy,
      notes: request.notes,
      scale: request.scale,
      monteCarlo: analyses.monteCarlo,
      tornado: analyses.tornado,
      sizing: analyses.sizing,
      t,
    });
    return exportReportPdf(report);
  }
  const { workbookBytes } = await import('./excel-workbook');
  const scenarioName = reportScenarioName(scenario, t);
  const bytes = await workbookBytes({
    scenario,
    evaluation,
    money,
    scale: request.scale,
    t,
    scenarioName,
    generatedAt,
    preparedBy: request.preparedBy,
    notes: request.notes,
    monteCarlo: analyses.monteCarlo,
    tornado: analyses.tornado,
    sizing: analyses.sizing,
    budgetActual: request.budgetActual ?? null,
  });
  const fileName = exportFileName(scenarioName, generatedAt, 'xlsx', t('export:fileProduct'));
  downloadBlob(
    new Blob([bytes], { type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' }),
    fileName,
  );
  return { fileName, bytes: bytes.byteLength };
}
