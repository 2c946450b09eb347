/**
 * Types of the GPU catalogue (docs/data/gpu-catalog.md, a copy of the team's sourced research file).
 * Money in the engine is CNY; catalogue figures quoted in USD are converted at 7.2 CNY per USD, the
 * rate the catalogue itself uses.
 */

export type Confidence = 'H' | 'M' | 'L';

/** One table of the catalogue: a model section ("H100 SXM ..."), the providers or the discounts. */
export interface CatalogTable {
  /** The section heading as written, e.g. "H100 SXM (8-GPU HGX / DGX H100)". */
  heading: string;
  /** Column names as written. */
  columns: string[];
  /** Each row's cells, verbatim, in column order. */
  rows: string[][];
}

/** Where a figure comes from, as the catalogue cites it. */
export interface FigureSource {
  /** Publisher and title or description, as in the catalogue's source column. */
  source: string;
  /** "As of" month or year, as in the catalogue. */
  asOf: string;
  /** The catalogue's confidence; where it gives two ("H / L"), the lower. */
  confidence: Confidence;
}

/**
 * One number taken from the catalogue, with how it was read: `fromText` is the figure as printed in
 * the row (its value cell contains it), `factor` converts it into the engine's unit (7.2 for USD,
 * 1/730 for a month, 1/8 for a whole server, ...), so `value = number(fromText) × factor`.
 */
export interface CatalogRef extends FigureSource {
  /** Which table and row: the table's heading start and the row's first cell. */
  table: string;
  row: string;
  /** A piece of the row's second cell, where the first cell repeats (the provider table). */
  second?: string;
  /** The row's "as of" cell where a table holds the same quantity twice. */
  rowAsOf?: string;
  /** Text the row contains: the figure as printed. */
  fromText: string;
}

export interface CatalogValue extends CatalogRef {
  value: number;
  factor: number;
  /** How a derived value was derived, in words (English; the UI translates the codes it shows). */
  /** How the value was derived from the printed figure (none: read as printed). */
  derivations: DerivationCode[];
  /** What the figure is, e.g. "China, grey market" or "Lambda 8×H100". */
  label: string;
  region: 'CN' | 'US' | 'any';
}

export type DerivationCode =
  | 'usdToCny'
  | 'perMonthToPerHour'
  | 'perYearToPerHour'
  | 'perGpuToPerServer'
  | 'perServerToPerGpu'
  | 'midpoint'
  | 'upper'
  | 'busyShareOfMax'
  | 'idleShareOfMax'
  | 'sameAsSibling';

export type AvailabilityStatus = 'available' | 'domesticOnly' | 'greyMarket' | 'restricted' | 'discontinued';

export interface GpuModel {
  /** Stable id used in scenarios and links. */
  id: string;
  /** The model's name as the catalogue writes it. */
  name: string;
  /** The catalogue section heading (for the row-by-row test). */
  heading: string;
  vendor: 'NVIDIA' | 'Huawei';
  /** Usually used for training (8-GPU HGX/DGX/Atlas servers) or inference cards. */
  kind: 'trainingServer' | 'inferenceCard';
  gpusPerServer: number;
  memoryGbPerGpu: CatalogValue;
  denseTflopsPerGpu: CatalogValue;
  /** Power of one whole server: maximum (sizing, colocation), busy (training) and idle. */
  powerMaxKw: CatalogValue;
  powerBusyKw: CatalogValue;
  powerIdleKw: CatalogValue;
  /** 8-GPU server purchase prices, each dated; the first is the default pick. */
  serverPrices: CatalogValue[];
  /** Whole-server rental prices, CNY per server-hour; the first is the default pick. */
  rentPrices: CatalogValue[];
  /** Pooled per-GPU prices, CNY per GPU-hour; the first is the default pick. */
  platformPrices: CatalogValue[];
  availability: { status: AvailabilityStatus; ref: CatalogRef };
}
