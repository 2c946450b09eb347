import { DEFAULT_OWN_MODEL_ID, gpuModelById, REFERENCE_MODEL_ID } from './catalog/models';
import type { GpuModel } from './catalog/types';
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
 * 10.2 kW: defaults.md), which is also the reference GPU; the rental and platform prices of the
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
    userEdited: s.hardware.userEdited.filter((p) => !filled.includes(p)),
  };
  const next: Scenario = { ...s, hardware };
  if (!model) return next;
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
  return withoutUsdFor(next, filled);
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

/**
 * Marks inputs as the user's when they differ after an edit: `paths` changed by hand while a model was
 * chosen for their way of getting GPUs. Pure.
 */
export function markUserEdited(s: Scenario, paths: readonly string[]): Scenario {
  const add = paths.filter((p) => {
    const strategy = HARDWARE_STRATEGIES.find((id) => HARDWARE_FILLED_PATHS[id].includes(p));
    return (
      strategy !== undefined && s.hardware[strategy].modelId !== null && !s.hardware.userEdited.includes(p)
    );
  });
  if (add.length === 0) return s;
  return { ...s, hardware: { ...s.hardware, userEdited: [...s.hardware.userEdited, ...add] } };
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
    };
  });
}
