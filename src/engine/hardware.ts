import { numbersIn } from './catalog/lookup';
import { DEFAULT_OWN_MODEL_ID, gpuModelById, REFERENCE_MODEL_ID } from './catalog/models';
import type { CatalogValue, GpuModel } from './catalog/types';
import type { HardwareInput, Scenario } from './types';

/** The ways of getting GPUs that choose a GPU model (hybrid uses the own cluster's and the platform's). */
export const HARDWARE_STRATEGIES = ['selfBuild', 'rent', 'platform'] as const;
export type HardwareStrategy = (typeof HARDWARE_STRATEGIES)[number];

/** Inputs a model choice fills, per way of getting GPUs (dotted input paths). */
export const HARDWARE_FILLED_PATHS: Record<HardwareStrategy, readonly string[]> = {
  selfBuild: [
    'selfBuild.serverPriceCny',
    'selfBuild.powerMaxKwPerServer',
    'selfBuild.powerBusyKwPerServer',
    'selfBuild.powerIdleKwPerServer',
    'hardware.selfBuild.throughputRatio',
  ],
  rent: ['rent.priceCnyPerServerHour', 'hardware.rent.throughputRatio'],
  platform: ['platform.priceCnyPerGpuHour', 'hardware.platform.throughputRatio'],
};

export const ALL_HARDWARE_FILLED_PATHS: readonly string[] = HARDWARE_STRATEGIES.flatMap(
  (id) => HARDWARE_FILLED_PATHS[id],
);

/**
 * The hardware of today's default inputs: an own cluster of H800 servers (2,000,000 CNY at launch,
 * 10.2 kW: docs/data-sources.md), which is also the reference GPU; the rental and platform prices of the
 * defaults are an industry article's figures for an unnamed GPU of the same class, so they are the
 * user's own figures at the reference throughput.
 */
export function defaultHardware(): HardwareInput {
  const reference = gpuModelById(REFERENCE_MODEL_ID);
  return {
    referenceModelId: REFERENCE_MODEL_ID,
    referenceDenseTflopsPerGpu: reference?.denseTflopsPerGpu.value ?? 989,
    selfBuild: { modelId: DEFAULT_OWN_MODEL_ID, throughputRatio: 1 },
    rent: { modelId: null, throughputRatio: 1 },
    platform: { modelId: null, throughputRatio: 1 },
    userEdited: [],
  };
}

/** Default relative throughput of a model: its dense BF16 TFLOPS ÷ the reference GPU's. */
export function defaultThroughputRatio(model: GpuModel, referenceDenseTflopsPerGpu: number): number {
  return referenceDenseTflopsPerGpu > 0 ? model.denseTflopsPerGpu.value / referenceDenseTflopsPerGpu : 1;
}

/**
 * Chooses a catalogue model (or null: own figures) for one way of getting GPUs: fills the inputs the
 * catalogue covers with the model's default picks (first listed price; power; throughput ratio) and
 * clears the "edited by the user" marks of those inputs. Inputs the catalogue has no figure for (a
 * rental price of a model nobody rents out) keep their value. Pure; the app commits the result
 * through its one door.
 */
export function chooseModel(s: Scenario, strategy: HardwareStrategy, modelId: string | null): Scenario {
  const model = gpuModelById(modelId);
  const filled = HARDWARE_FILLED_PATHS[strategy];
  const hardware: HardwareInput = {
    ...s.hardware,
    [strategy]: {
      modelId: model ? model.id : null,
      throughputRatio: model
        ? defaultThroughputRatio(model, s.hardware.referenceDenseTflopsPerGpu)
        : s.hardware[strategy].throughputRatio,
    },
    userEdited: s.hardware.userEdited,
  };
  const next: Scenario = { ...s, hardware };
  if (!model) return withUserEdits(next);
  if (strategy === 'selfBuild') {
    const price = model.serverPrices[0];
    next.selfBuild = {
      ...s.selfBuild,
      gpusPerServer: model.gpusPerServer,
      serverPriceCny: price ? Math.round(price.value) : s.selfBuild.serverPriceCny,
      powerMaxKwPerServer: round2(model.powerMaxKw.value),
      powerBusyKwPerServer: round2(model.powerBusyKw.value),
      powerIdleKwPerServer: round2(model.powerIdleKw.value),
    };
  } else if (strategy === 'rent') {
    const price = model.rentPrices[0];
    next.rent = {
      ...s.rent,
      gpusPerServer: model.gpusPerServer,
      priceCnyPerServerHour: price ? round2(price.value) : s.rent.priceCnyPerServerHour,
    };
  } else {
    const price = model.platformPrices[0];
    next.platform = {
      ...s.platform,
      priceCnyPerGpuHour: price ? round2(price.value) : s.platform.priceCnyPerGpuHour,
    };
  }
  return withUserEdits(withoutUsdFor(next, filled));
}

/** A filled input is in CNY from the catalogue: any dollars typed earlier for it no longer apply. */
function withoutUsdFor(s: Scenario, paths: readonly string[]): Scenario {
  const usdInputs = { ...s.usdInputs };
  let changed = false;
  for (const p of paths) {
    if (p in usdInputs) {
      delete usdInputs[p];
      changed = true;
    }
  }
  return changed ? { ...s, usdInputs } : s;
}

/** The value of a filled input the catalogue gives for the chosen model (rounded as `chooseModel`). */
export function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** The catalogue's figures an input may take for the chosen model (a price list, or one power figure). */
export function catalogueFiguresFor(s: Scenario, path: string): CatalogValue[] {
  const strategy = strategyOfPath(path);
  const model = strategy ? gpuModelById(s.hardware[strategy].modelId) : undefined;
  if (!model) return [];
  switch (path) {
    case 'selfBuild.serverPriceCny':
      return model.serverPrices;
    case 'selfBuild.powerMaxKwPerServer':
      return [model.powerMaxKw];
    case 'selfBuild.powerBusyKwPerServer':
      return [model.powerBusyKw];
    case 'selfBuild.powerIdleKwPerServer':
      return [model.powerIdleKw];
    case 'rent.priceCnyPerServerHour':
      return model.rentPrices;
    case 'platform.priceCnyPerGpuHour':
      return model.platformPrices;
    default:
      return [];
  }
}

/** Low and high of a figure printed as a range ("7.8–8.4"), in the engine's unit; null for one number. */
export function rangeOf(v: CatalogValue): { low: number; high: number } | null {
  const nums = numbersIn(v.fromText);
  if (nums.length < 2 || !v.derivations.includes('midpoint')) return null;
  return { low: Math.min(...nums) * v.factor, high: Math.max(...nums) * v.factor };
}

export function strategyOfPath(path: string): HardwareStrategy | undefined {
  return HARDWARE_STRATEGIES.find((id) => HARDWARE_FILLED_PATHS[id].includes(path));
}

function readPath(s: Scenario, path: string): number {
  const [group, key] = path.startsWith('hardware.')
    ? [path.split('.')[1], 'throughputRatio']
    : path.split('.');
  const holder = (path.startsWith('hardware.') ? s.hardware : s) as unknown as Record<
    string,
    Record<string, number>
  >;
  return holder[group ?? '']?.[key ?? ''] ?? Number.NaN;
}

const near = (a: number, b: number) => Math.abs(a - b) <= 1e-9 * Math.max(1, Math.abs(a), Math.abs(b));

/**
 * Whether an input holds a catalogue figure of the chosen model: one of its listed figures (as filled,
 * rounded like `chooseModel`), a value inside a figure printed as a range (the user picked within it),
 * or, for a throughput ratio, the dense-TFLOPS ratio. Inputs of a way without a chosen model are the
 * user's own figures anyway and are not marked.
 */
export function isCatalogueValue(s: Scenario, path: string): boolean {
  const strategy = strategyOfPath(path);
  if (!strategy) return true;
  const model = gpuModelById(s.hardware[strategy].modelId);
  if (!model) return true;
  const value = readPath(s, path);
  if (path.startsWith('hardware.'))
    return near(value, defaultThroughputRatio(model, s.hardware.referenceDenseTflopsPerGpu));
  const figures = catalogueFiguresFor(s, path);
  // A model the catalogue has no such figure for keeps the user's value: that is not an edit.
  if (figures.length === 0) return true;
  return figures.some((f) => {
    const range = rangeOf(f);
    if (range && value >= range.low - 1e-9 && value <= range.high + 1e-9) return true;
    return near(value, f.value) || near(value, round2(f.value)) || near(value, Math.round(f.value));
  });
}

/** The inputs a chosen model fills that now hold the user's own value (in the order of the fields). */
export function userEditedPaths(s: Scenario): string[] {
  return ALL_HARDWARE_FILLED_PATHS.filter((p) => !isCatalogueValue(s, p));
}

/** The scenario with its "edited by the user" marks brought up to date (the store applies it on commit). */
export function withUserEdits(s: Scenario): Scenario {
  const paths = userEditedPaths(s);
  const same =
    paths.length === s.hardware.userEdited.length && paths.every((p, i) => s.hardware.userEdited[i] === p);
  return same ? s : { ...s, hardware: { ...s.hardware, userEdited: paths } };
}

/** The hardware the reports list: each way's model, and the inputs the user changed after choosing. */
export interface HardwareSummaryRow {
  strategy: HardwareStrategy;
  modelId: string | null;
  modelName: string | null;
  throughputRatio: number;
  /** Dense BF16 TFLOPS of the model with its source, date and confidence; null for own figures. */
  denseTflops: { value: number; source: string; asOf: string; confidence: string } | null;
  availability: { status: string; source: string; asOf: string } | null;
  /** Inputs of this way the user changed after choosing the model. */
  userEditedPaths: string[];
  /**
   * Each filled input of this way: its value, whether it is the user's, and the catalogue figure it
   * holds (or, when the user's, the catalogue's first figure for it) with source and date.
   */
  inputs: {
    path: string;
    value: number;
    userEdited: boolean;
    catalogue: { value: number; source: string; asOf: string; confidence: string } | null;
  }[];
}

/** What the PDF/Excel reports show about the hardware: one row per way of getting GPUs. Pure. */
export function hardwareSummary(s: Scenario): HardwareSummaryRow[] {
  return HARDWARE_STRATEGIES.map((strategy) => {
    const choice = s.hardware[strategy];
    const model = gpuModelById(choice.modelId);
    return {
      strategy,
      modelId: model?.id ?? null,
      modelName: model?.name ?? null,
      throughputRatio: choice.throughputRatio,
      denseTflops: model
        ? {
            value: model.denseTflopsPerGpu.value,
            source: model.denseTflopsPerGpu.source,
            asOf: model.denseTflopsPerGpu.asOf,
            confidence: model.denseTflopsPerGpu.confidence,
          }
        : null,
      availability: model
        ? {
            status: model.availability.status,
            source: model.availability.ref.source,
            asOf: model.availability.ref.asOf,
          }
        : null,
      userEditedPaths: s.hardware.userEdited.filter((p) => HARDWARE_FILLED_PATHS[strategy].includes(p)),
      inputs: HARDWARE_FILLED_PATHS[strategy]
        .filter((path) => !path.startsWith('hardware.'))
        .map((path) => {
          const value = readPath(s, path);
          const figures = catalogueFiguresFor(s, path);
          const held = figures.find((f) => {
            const range = rangeOf(f);
            if (range && value >= range.low - 1e-9 && value <= range.high + 1e-9) return true;
            return near(value, f.value) || near(value, round2(f.value)) || near(value, Math.round(f.value));
          });
          const figure = held ?? figures[0];
          return {
            path,
            value,
            userEdited: s.hardware.userEdited.includes(path),
            catalogue: figure
              ? {
                  value: figure.value,
                  source: figure.source,
                  asOf: figure.asOf,
                  confidence: figure.confidence,
                }
              : null,
          };
        }),
    };
  });
}
