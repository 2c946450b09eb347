import {
  BUSY_SHARE_OF_MAX,
  CATALOG_HOURS_PER_MONTH,
  CATALOG_HOURS_PER_YEAR,
  figureValue,
  IDLE_SHARE_OF_MAX,
  sourceOf,
  CATALOG_CNY_PER_USD as USD,
} from './lookup';
import type { AvailabilityStatus, CatalogRef, CatalogValue, DerivationCode, GpuModel } from './types';

/**
 * The GPU models of the catalogue (docs/data/gpu-catalog.md), each figure read from one row of it:
 * the row's printed figure (`fromText`), the unit change into the engine's unit and any derivation
 * (a range's midpoint, a whole server's price per GPU...). Source, date and confidence are the row's
 * own (lookup.ts reads them from the generated rows), so they cannot drift from the catalogue;
 * test/engine/catalog.test.ts checks every reference against the markdown.
 *
 * Price lists are in the order the app offers them: the first is the default pick, chosen as the most
 * recent figure of at least M confidence for China where there is one (the app prices in CNY for a
 * Chinese buyer first), then older and US figures.
 */

interface FigureOptions {
  label: string;
  factor?: number;
  d?: DerivationCode[];
  region?: 'CN' | 'US' | 'any';
  rowAsOf?: string;
  second?: string;
}

function fig(table: string, row: string, fromText: string, o: FigureOptions): CatalogValue {
  const ref = {
    table,
    row,
    ...(o.second === undefined ? {} : { second: o.second }),
    ...(o.rowAsOf === undefined ? {} : { rowAsOf: o.rowAsOf }),
  };
  const factor = o.factor ?? 1;
  const derivations = o.d ?? [];
  return {
    ...ref,
    ...sourceOf(ref),
    fromText,
    factor,
    derivations,
    value: figureValue(fromText, factor, derivations),
    label: o.label,
    region: o.region ?? 'any',
  };
}

function ref(table: string, row: string, fromText: string): CatalogRef {
  return { table, row, fromText, ...sourceOf({ table, row }) };
}

function availability(table: string, status: AvailabilityStatus, fromText: string) {
  return { status, ref: ref(table, 'availability', fromText) };
}

const P = 'Providers';
const perMonth = 1 / CATALOG_HOURS_PER_MONTH;

const H100 = 'H100 SXM';
const H800 = 'H800';
const H20 = 'H20';
const H200 = 'H200';
const B200 = 'B200';
const A100 = 'A100 80GB SXM';
const A800 = 'A800';
const L40S = 'L40S';
const RTX = 'RTX 4090';
const ASCEND = 'Huawei Ascend 910B';

export const GPU_MODELS: readonly GpuModel[] = [
  {
    id: 'h100',
    name: 'H100 SXM',
    heading: H100,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(H100, 'memory / GPU', '80', { label: 'HBM3' }),
    denseTflopsPerGpu: fig(H100, 'BF16/FP16 dense', '989', { label: 'dense BF16' }),
    powerMaxKw: fig(H100, 'server max power', '10.2', { label: 'DGX H100' }),
    powerBusyKw: fig(H100, 'busy draw (training)', '7.8–8.4', { label: 'measured', d: ['midpoint'] }),
    powerIdleKw: fig(H100, 'idle draw', '3.0', { label: 'estimate' }),
    serverPrices: [
      fig(H100, 'purchase, China (grey market)', '2,700,000', { label: 'China, grey market', region: 'CN' }),
      fig(H100, 'purchase, China', '1,450,000', { label: 'China, compilation', region: 'CN' }),
      fig(H100, 'purchase, HGX H100 server (US)', '310,000–317,000', {
        label: 'US, HGX quote',
        region: 'US',
        factor: USD,
        d: ['midpoint', 'usdToCny'],
      }),
      fig(H100, 'purchase, DGX H100 (US)', '270,000', {
        label: 'US, DGX bill of materials',
        region: 'US',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    rentPrices: [
      fig(H100, 'rent, China, whole server', '75,000', {
        label: 'China, whole server',
        region: 'CN',
        rowAsOf: 'Mar 2025',
        factor: perMonth,
        d: ['perMonthToPerHour'],
      }),
      fig(P, 'Lambda', '31.92', {
        label: 'Lambda 8×H100',
        region: 'US',
        second: '8×H100 SXM / 8×B200',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(P, 'AWS', '55.04', {
        label: 'AWS p5 on demand',
        region: 'US',
        second: 'p5.48xlarge',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(P, 'Azure', '98.32', { label: 'Azure ND H100 v5', region: 'US', factor: USD, d: ['usdToCny'] }),
    ],
    platformPrices: [
      fig(P, 'China, press', '12–13', {
        label: 'China, per GPU of a rented server',
        region: 'CN',
        d: ['midpoint'],
      }),
      fig(P, 'Vast.ai', '2.40', { label: 'Vast.ai median', region: 'US', factor: USD, d: ['usdToCny'] }),
      fig(P, 'RunPod', '3.99', {
        label: 'RunPod Secure',
        region: 'US',
        second: 'H100 SXM Secure',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    availability: availability(H100, 'greyMarket', 'grey market'),
  },
  {
    id: 'h800',
    name: 'H800',
    heading: H800,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(H800, 'memory / GPU', '80', { label: 'HBM3' }),
    denseTflopsPerGpu: fig(H800, 'BF16/FP16 dense', '989', { label: 'dense BF16' }),
    powerMaxKw: fig(H800, 'server max power', '10.2', { label: 'HGX H100 platform' }),
    powerBusyKw: fig(H800, 'busy / idle draw', '7.8–8.4', { label: 'as H100', d: ['midpoint'] }),
    powerIdleKw: fig(H800, 'busy / idle draw', '3.0', { label: 'as H100' }),
    serverPrices: [
      fig(H800, 'purchase, 8-GPU server, at launch', '2,000,000', {
        label: 'China, at launch',
        region: 'CN',
      }),
      fig(H800, 'purchase, just before the Oct-2023 rule', '2,300,000', {
        label: 'China, before the Oct-2023 rule',
        region: 'CN',
      }),
      fig(H800, 'purchase, peak', '2,800,000', { label: 'China, peak', region: 'CN' }),
    ],
    rentPrices: [],
    platformPrices: [],
    availability: availability(H800, 'discontinued', 'discontinued'),
  },
  {
    id: 'h20',
    name: 'H20',
    heading: H20,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(H20, 'memory / GPU', '96', { label: 'HBM3' }),
    denseTflopsPerGpu: fig(H20, 'BF16/FP16 dense', '148', { label: 'dense BF16' }),
    powerMaxKw: fig(H20, 'server max power', '6.5–7.8', { label: 'derived', d: ['midpoint'] }),
    powerBusyKw: fig(H20, 'busy / idle draw', '5.0–6.0', { label: 'derived', d: ['midpoint'] }),
    powerIdleKw: fig(H20, 'busy / idle draw', '1.9–2.3', { label: 'derived', d: ['midpoint'] }),
    serverPrices: [
      fig(H20, 'purchase, 8-GPU server', '1,200,000', {
        label: 'China, dealer',
        region: 'CN',
        rowAsOf: 'Jul 2024',
      }),
      fig(H20, 'purchase, 8-GPU server', '1,400,000', {
        label: 'China, distributors',
        region: 'CN',
        rowAsOf: 'Feb 2024',
      }),
      fig(H20, 'purchase, 8-card module (141 GB)', '1,050,000', {
        label: 'China, 141 GB module',
        region: 'CN',
      }),
    ],
    rentPrices: [fig(H20, 'whole server, China', '60', { label: 'China, 8 × pooled price', region: 'CN' })],
    platformPrices: [fig(H20, 'pooled, China', '7.5', { label: 'China, cheapest listing', region: 'CN' })],
    availability: availability(H20, 'discontinued', 'halted H20 production'),
  },
  {
    id: 'h200',
    name: 'H200',
    heading: H200,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(H200, 'memory / GPU', '141', { label: 'HBM3e' }),
    denseTflopsPerGpu: fig(H200, 'BF16/FP16 dense', '989', { label: 'dense BF16' }),
    powerMaxKw: fig(H200, 'server max power', '10.2', { label: 'DGX H200' }),
    powerBusyKw: fig(H200, 'busy / idle draw', '7.8–8.4', { label: 'as H100', d: ['midpoint'] }),
    powerIdleKw: fig(H200, 'busy / idle draw', '3.0', { label: 'as H100' }),
    serverPrices: [
      fig(H200, 'purchase, China, 8-card', '1,500,000', { label: 'China, whole machine', region: 'CN' }),
      fig(H200, 'purchase, China, 8-card', '1,400,000', { label: 'China, module', region: 'CN' }),
      fig(H200, 'purchase, China (compilation)', '2,200,000', { label: 'China, compilation', region: 'CN' }),
      fig(H200, 'purchase, US', '270,000–350,000', {
        label: 'US, derived',
        region: 'US',
        factor: USD,
        d: ['midpoint', 'usdToCny'],
      }),
    ],
    rentPrices: [
      fig(P, 'CoreWeave', '50.44', {
        label: 'CoreWeave HGX H200',
        region: 'US',
        second: 'HGX H100 / H200',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(H200, 'bare-metal lease, US', '210,240', {
        label: 'US, bare-metal lease',
        region: 'US',
        factor: USD / CATALOG_HOURS_PER_YEAR,
        d: ['usdToCny', 'perYearToPerHour'],
      }),
      fig(P, 'AWS', '63.296', {
        label: 'AWS p5en',
        region: 'US',
        second: 'p5en',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    platformPrices: [
      fig(P, 'Hyperstack', '3.99', { label: 'Hyperstack H200', region: 'US', factor: USD, d: ['usdToCny'] }),
      fig(P, 'RunPod', '4.59', {
        label: 'RunPod H200',
        region: 'US',
        second: 'A100 80GB SXM Secure',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    availability: availability(H200, 'restricted', 'case-by-case licences'),
  },
  {
    id: 'b200',
    name: 'B200',
    heading: B200,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(B200, 'memory / GPU', '180', { label: 'HBM3e' }),
    denseTflopsPerGpu: fig(B200, 'BF16/FP16 dense', '2,250', { label: 'dense BF16' }),
    powerMaxKw: fig(B200, 'server max power', '14.3', { label: 'DGX B200' }),
    powerBusyKw: fig(B200, 'busy draw', '10', { label: 'HGX B200 node' }),
    powerIdleKw: fig(B200, 'idle draw', '4.1', { label: 'derived' }),
    serverPrices: [
      fig(B200, 'purchase, China (grey market)', '489,000', {
        label: 'China, grey market',
        region: 'CN',
        rowAsOf: 'Jul 2025',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(B200, 'purchase, DGX B200', '515,000', {
        label: 'DGX B200',
        region: 'US',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    rentPrices: [
      fig(P, 'Lambda', '53.52', {
        label: 'Lambda 8×B200',
        region: 'US',
        second: '8×H100 SXM / 8×B200',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(P, 'CoreWeave', '68.80', {
        label: 'CoreWeave HGX B200',
        region: 'US',
        second: 'HGX H100 / H200 / B200',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    platformPrices: [
      fig(P, 'Hyperstack', '6.00', { label: 'Hyperstack B200', region: 'US', factor: USD, d: ['usdToCny'] }),
      fig(P, 'Nebius / Akash / SF Compute', '5.00', {
        label: 'Akash B200',
        region: 'US',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    availability: availability(B200, 'greyMarket', 'smuggling'),
  },
  {
    id: 'a100',
    name: 'A100 80GB SXM',
    heading: A100,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(A100, 'memory / GPU', '80', { label: 'HBM2e' }),
    denseTflopsPerGpu: fig(A100, 'BF16/FP16 dense', '312', { label: 'dense BF16' }),
    powerMaxKw: fig(A100, 'server max power', '6.5', { label: 'DGX A100' }),
    powerBusyKw: fig(A100, 'busy / idle draw', '4.9–5.3', { label: 'derived', d: ['midpoint'] }),
    powerIdleKw: fig(A100, 'busy / idle draw', '1.9', { label: 'derived' }),
    serverPrices: [
      fig(A100, 'purchase, DGX A100 at launch', '199,000–200,000', {
        label: 'US, DGX at launch',
        region: 'US',
        factor: USD,
        d: ['midpoint', 'usdToCny'],
      }),
    ],
    rentPrices: [
      fig(P, 'Lambda', '22.32', {
        label: 'Lambda 8×A100 80GB',
        region: 'US',
        second: '8×A100 80GB',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(P, 'CoreWeave', '21.60', {
        label: 'CoreWeave HGX A100',
        region: 'US',
        second: 'HGX H100 / H200 / B200 / A100',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(P, 'AWS', '27.447', {
        label: 'AWS p4de',
        region: 'US',
        second: 'p4de',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    platformPrices: [
      fig(P, 'Vast.ai', '1.70', { label: 'Vast.ai median', region: 'US', factor: USD, d: ['usdToCny'] }),
      fig(P, 'RunPod', '1.79', {
        label: 'RunPod Secure',
        region: 'US',
        second: 'A100 80GB SXM Secure',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    availability: availability(A100, 'discontinued', 'end-of-life'),
  },
  {
    id: 'a800',
    name: 'A800',
    heading: A800,
    vendor: 'NVIDIA',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(A800, 'memory / GPU', '80', { label: 'HBM2e' }),
    denseTflopsPerGpu: fig(A800, 'BF16/FP16 dense', '312', { label: 'same as A100' }),
    powerMaxKw: fig(A800, 'server max power', '6.5', { label: 'DGX A100 platform' }),
    powerBusyKw: fig(A100, 'busy / idle draw', '4.9–5.3', {
      label: 'as A100',
      d: ['midpoint', 'sameAsSibling'],
    }),
    powerIdleKw: fig(A100, 'busy / idle draw', '1.9', { label: 'as A100', d: ['sameAsSibling'] }),
    serverPrices: [
      fig(A800, 'purchase, 8-GPU server', '1.4–1.5', {
        label: 'China, Oct 2023',
        region: 'CN',
        factor: 1e6,
        d: ['midpoint'],
      }),
    ],
    rentPrices: [fig(A800, 'whole server, China', '41', { label: 'China, 8 × pooled price', region: 'CN' })],
    platformPrices: [fig(A800, 'pooled, China', '5.15', { label: 'China, cheapest listing', region: 'CN' })],
    availability: availability(A800, 'discontinued', 'barred'),
  },
  {
    id: 'l40s',
    name: 'L40S',
    heading: L40S,
    vendor: 'NVIDIA',
    kind: 'inferenceCard',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(L40S, 'memory / GPU', '48', { label: 'GDDR6' }),
    denseTflopsPerGpu: fig(L40S, 'BF16/FP16 dense', '362', { label: 'dense BF16' }),
    powerMaxKw: fig(L40S, 'server power (8 × L40S, Supermicro SYS-521GE-TNRT)', '4.3–5', {
      label: 'measured server',
      d: ['upper'],
    }),
    powerBusyKw: fig(L40S, 'server power (8 × L40S, Supermicro SYS-521GE-TNRT)', '4.3–5', {
      label: 'measured server',
      d: ['midpoint'],
    }),
    powerIdleKw: fig(L40S, 'idle draw', '1.4', { label: 'derived' }),
    serverPrices: [
      fig(L40S, 'purchase, 8-GPU server', '60,000–100,000', {
        label: 'US, derived',
        region: 'US',
        factor: USD,
        d: ['midpoint', 'usdToCny'],
      }),
    ],
    rentPrices: [
      fig(P, 'CoreWeave', '18.00', {
        label: 'CoreWeave 8×L40S',
        region: 'US',
        second: 'L40S',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    platformPrices: [
      fig(L40S, 'pooled, US per GPU', '0.86', {
        label: 'RunPod',
        region: 'US',
        factor: USD,
        d: ['usdToCny'],
      }),
      fig(L40S, 'pooled, US per GPU', '1.861', {
        label: 'AWS G6e',
        region: 'US',
        factor: USD,
        d: ['usdToCny'],
      }),
    ],
    availability: availability(L40S, 'restricted', 'restricted'),
  },
  {
    id: 'rtx4090',
    name: 'RTX 4090',
    heading: RTX,
    vendor: 'NVIDIA',
    kind: 'inferenceCard',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(RTX, 'memory / GPU', '24', { label: 'GDDR6X' }),
    denseTflopsPerGpu: fig(RTX, 'BF16/FP16 dense', '165', { label: 'dense BF16' }),
    powerMaxKw: fig(RTX, 'server max power', '5.1–5.8', { label: 'derived', d: ['midpoint'] }),
    powerBusyKw: fig(RTX, 'busy / idle draw', '4.2', { label: 'derived' }),
    powerIdleKw: fig(RTX, 'busy / idle draw', '1.6', { label: 'derived' }),
    serverPrices: [
      fig(RTX, 'purchase, 8-card server', '150,000–280,000', {
        label: 'China, derived',
        region: 'CN',
        d: ['midpoint'],
      }),
    ],
    rentPrices: [
      fig(RTX, 'rent, China, 8-card', '7,000–8,000', {
        label: 'China, 8-card server',
        region: 'CN',
        factor: perMonth,
        d: ['midpoint', 'perMonthToPerHour'],
      }),
    ],
    platformPrices: [
      fig(RTX, 'pooled, China', '1.24', { label: 'China, cheapest listing', region: 'CN' }),
      fig(RTX, 'pooled, US', '0.29', { label: 'US, OpenRelay', region: 'US', factor: USD, d: ['usdToCny'] }),
    ],
    availability: availability(RTX, 'restricted', 'banned'),
  },
  {
    id: 'ascend910b',
    name: 'Ascend 910B',
    heading: ASCEND,
    vendor: 'Huawei',
    kind: 'trainingServer',
    gpusPerServer: 8,
    memoryGbPerGpu: fig(ASCEND, 'memory / NPU', '64', { label: 'HBM2e' }),
    denseTflopsPerGpu: fig(ASCEND, 'FP16 dense', '320', { label: 'dense FP16' }),
    powerMaxKw: fig(ASCEND, 'server max power', '4.5–6.1', { label: 'derived', d: ['midpoint'] }),
    powerBusyKw: fig(ASCEND, 'server max power', '4.5–6.1', {
      label: 'derived',
      factor: BUSY_SHARE_OF_MAX,
      d: ['midpoint', 'busyShareOfMax'],
    }),
    powerIdleKw: fig(ASCEND, 'server max power', '4.5–6.1', {
      label: 'derived',
      factor: IDLE_SHARE_OF_MAX,
      d: ['midpoint', 'idleShareOfMax'],
    }),
    serverPrices: [
      fig(ASCEND, 'purchase, 8-NPU server', '880,000–1,200,000', {
        label: 'China, compilation',
        region: 'CN',
        rowAsOf: 'Jul 2026',
        d: ['midpoint'],
      }),
      fig(ASCEND, 'purchase, 8-NPU server', '1,000,000–1,100,000', {
        label: 'China, derived from the card price',
        region: 'CN',
        rowAsOf: '2024',
        d: ['midpoint'],
      }),
    ],
    rentPrices: [],
    platformPrices: [],
    availability: availability(ASCEND, 'available', 'domestic product'),
  },
];

export function gpuModelById(id: string | null | undefined): GpuModel | undefined {
  return id ? GPU_MODELS.find((m) => m.id === id) : undefined;
}

/** The model the default inputs describe: 2,000,000 CNY at launch and 10.2 kW (docs/data-sources.md). */
export const DEFAULT_OWN_MODEL_ID = 'h800';
/** The reference GPU that demand is measured in (the default own-cluster GPU). */
export const REFERENCE_MODEL_ID = DEFAULT_OWN_MODEL_ID;
