import type { TFunction } from 'i18next';
import { type HardwareStrategy, hardwareSummary, type Scenario } from '../engine';
import type { Locale } from '../lib/format';
import { catalogueSource } from './catalogue-text';

/**
 * The hardware rows of the exports (the PDF's hardware table, the workbook's hardware block), shaped
 * once from the engine's `hardwareSummary`: for each way of getting GPUs, its model, the model's
 * availability, the throughput ratio and every input the choice filled, with the catalogue source
 * and whether the value is the user's. Each export lays the rows out in its own columns.
 */

/** A catalogue figure's source, date and whether the catalogue marks it an estimate (confidence L). */
export interface CatalogueSource {
  source: string;
  asOf: string;
  estimate: boolean;
}

export type HardwareRow =
  | {
      kind: 'model';
      strategy: HardwareStrategy;
      /** Null for the user's own figures (no model chosen). */
      modelName: string | null;
      denseTflops: number | null;
      source: CatalogueSource | null;
    }
  | { kind: 'availability'; strategy: HardwareStrategy; status: string; source: string; asOf: string }
  | { kind: 'ratio'; strategy: HardwareStrategy; throughputRatio: number; userEdited: boolean }
  | {
      kind: 'input';
      strategy: HardwareStrategy;
      /** The scenario path of the input (`selfBuild.serverPriceCny`). */
      path: string;
      value: number;
      userEdited: boolean;
      /** Whether a catalogue model is chosen for this way (else the inputs are the user's reference). */
      modelChosen: boolean;
      source: CatalogueSource | null;
    };

function sourceOf(
  figure: { source: string; asOf: string; confidence: string } | null,
): CatalogueSource | null {
  return figure ? { source: figure.source, asOf: figure.asOf, estimate: figure.confidence === 'L' } : null;
}

export function hardwareRows(scenario: Scenario): HardwareRow[] {
  return hardwareSummary(scenario).flatMap((way): HardwareRow[] => {
    const { strategy } = way;
    const rows: HardwareRow[] = [
      {
        kind: 'model',
        strategy,
        modelName: way.modelName,
        denseTflops: way.denseTflops?.value ?? null,
        source: sourceOf(way.denseTflops),
      },
    ];
    if (way.availability) rows.push({ kind: 'availability', strategy, ...way.availability });
    rows.push({
      kind: 'ratio',
      strategy,
      throughputRatio: way.throughputRatio,
      userEdited: way.userEditedPaths.includes(`hardware.${strategy}.throughputRatio`),
    });
    for (const input of way.inputs)
      rows.push({
        kind: 'input',
        strategy,
        path: input.path,
        value: input.value,
        userEdited: input.userEdited,
        modelChosen: way.modelId !== null,
        source: sourceOf(input.catalogue),
      });
    return rows;
  });
}

/** "MLCommons, 2025" or "Vendor list — Estimate (low confidence)": the source as both exports print it. */
export function sourceText(source: CatalogueSource, t: TFunction, locale: Locale): string {
  const text = catalogueSource(source.source, locale);
  // A separator, not parentheses: the estimate label carries its own ("Estimate (low confidence)").
  return source.estimate
    ? t('hardware:sourceEstimate', { source: text, estimate: t('hardware:estimate') })
    : text;
}
