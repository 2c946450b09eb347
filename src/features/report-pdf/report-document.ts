import type { StrategyId } from '../../engine';
import type { Locale } from '../../lib/format';

/**
 * The PDF as a document: sections of blocks (paragraphs, tables, charts), every string already in the
 * reader's language. Kept apart from report-model.ts, which builds it, so the section builders
 * (budget-sections.ts) and the generator (export-pdf.ts) share the shape without importing the builder.
 */

export type ReportSectionId =
  | 'summary'
  | 'kpis'
  | 'cash'
  | 'budgetActual'
  | 'energy'
  | 'uncertainty'
  | 'sizing'
  | 'ladder'
  | 'scenario'
  | 'trainingPlan'
  | 'recommendation'
  | 'breakdown'
  | 'assumptions'
  | 'wizard'
  | 'methodology'
  | 'share';

export interface ReportTable {
  id:
    | 'kpis'
    | 'cash'
    | 'returns'
    | 'cumulative'
    | 'cashLines'
    | 'uncertainty'
    | 'tornado'
    | 'budgetPlan'
    | 'ladderRungs'
    | 'ladderSchedule'
    | 'ladderBudget'
    | 'variance'
    | 'energy'
    | 'energyRuns'
    | 'breakdown'
    | 'assumptions'
    | 'hardware'
    | 'plan';
  head: string[];
  body: string[][];
  /** Totals rows drawn below the body (breakdown and cash tables). */
  foot: string[][];
  /** Columns holding numbers (right-aligned). */
  numericColumns: number[];
  /** Strategy of each body row, for its colour swatch (KPI table). */
  rowStrategies?: StrategyId[];
  /** Body rows to emphasise (the winner, the changed assumptions). */
  highlightRows: number[];
}

/** A legend entry of a drawn chart: the line's colour and dash, and its name. */
export interface ChartLegendItem {
  label: string;
  color: string;
  dash?: string;
}

export type ReportBlock =
  | { kind: 'paragraph'; text: string; style: 'lead' | 'body' | 'note' }
  | { kind: 'facts'; rows: Array<{ label: string; value: string }> }
  | { kind: 'subheading'; text: string }
  | { kind: 'list'; items: string[] }
  | { kind: 'table'; table: ReportTable }
  /** A chart drawn from the engine's data as SVG (line-chart-svg.ts), in points. */
  | {
      kind: 'chart';
      title: string;
      svg: string;
      width: number;
      height: number;
      legend: ChartLegendItem[];
      notes: string[];
    }
  /** The share link as a vector QR code with a short printed line (never the link in full). */
  | { kind: 'qr'; url: string; caption: string; line: string }
  | { kind: 'pageBreak' };

export interface ReportSection {
  id: ReportSectionId;
  heading: string;
  blocks: ReportBlock[];
}

/** The wizard's answers, already in the reader's language (the wizard owns its wording). */
export interface WizardAnswers {
  completed: boolean;
  steps: Array<{ title: string; answers: Array<{ question: string; answer: string }> }>;
}

export interface Report {
  locale: Locale;
  /** The scenario's name: the document's title and the right side of every page header. */
  title: string;
  subtitle: string;
  /** The report's kind ("GPU TCO summary"), on the left of every page header. */
  headerTitle: string;
  scenarioName: string;
  shareUrl: string;
  /** "Generated 5 March 2026, 14:05" in the report's language. */
  generatedText: string;
  /** Page number with %PAGE% and %PAGES% left for the generator, which alone knows the page count. */
  pageTemplate: string;
  fileName: string;
  sections: ReportSection[];
}
