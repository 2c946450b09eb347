import type { EnergyInput, Scenario, SiteId } from './types';

/**
 * Sites and the factors for energy and emissions (docs/model.md §11; values and their sources in
 * docs/data/energy-sources.md). A site is where the own cluster stands: its power price, PUE and build
 * lead time (the own cluster's fields), its grid's emission factor and the power it can give.
 */

/** Allowed values of the energy inputs (the schema's limits). */
export const ENERGY_RANGES = {
  gridKgCo2ePerKwh: { min: 0, max: 2 },
  powerCapMw: { min: 0.001, max: 10_000 },
  providerPue: { min: 1, max: 3 },
  embodiedKgCo2ePerGpu: { min: 0, max: 10_000 },
  carbonPriceCnyPerTonne: { min: 0, max: 10_000 },
  /** Measured energy (schema v12): a server draws at most 30 kW (parameters.ts), a GPU no more. */
  measuredKwPerGpu: { min: 0, max: 30 },
  measuredKwh: { min: 0, max: 1e12 },
  measuredCoveredGpuHours: { min: 0, max: 1e12 },
} as const;

export interface SitePreset {
  id: Exclude<SiteId, 'custom'>;
  electricityCnyPerKwh: number;
  pue: number;
  gridKgCo2ePerKwh: number;
}

/**
 * - **Coastal city** (Yangtze Delta: Shanghai, Jiangsu, Zhejiang): industrial power 0.70 CNY/kWh
 *   (coastal industry 0.6–0.9; about 30 % dearer than the western provinces — Financial Times, 3 Nov
 *   2025; China's average industrial rate ≈ 0.63 in 2024 — China Briefing, 2025; an estimate, L);
 *   PUE 1.25 (the eastern hub clusters' limit — NDRC hub approvals, 2021–22; H); East China grid
 *   0.5500 kg CO₂/kWh (2023 — MEE and NBS, 2023 power CO₂ emission factors, Jan 2026; H).
 * - **Western hub** (东数西算: Ningxia, Gansu): 0.40 CNY/kWh with the 2025 subsidies (Financial Times,
 *   3 Nov 2025; for sites running domestic chips; M); PUE 1.20 (the western hub clusters' limit — NDRC
 *   hub approvals, 2021–22; H); Northwest grid 0.5543 (2023 — MEE and NBS, Jan 2026; H). On the average
 *   grid the western hubs are not cleaner than the coast: their carbon advantage needs contracted green
 *   power, which a custom site's factor can say.
 */
export const SITE_PRESETS: readonly SitePreset[] = [
  {
    id: 'coastalCity',
    electricityCnyPerKwh: 0.7,
    pue: 1.25,
    gridKgCo2ePerKwh: 0.55,
  },
  {
    id: 'westernHub',
    electricityCnyPerKwh: 0.4,
    pue: 1.2,
    gridKgCo2ePerKwh: 0.5543,
  },
];

/** The factors a new or migrated scenario gets: its own site (its typed price and PUE) on China's average grid. */
export function defaultEnergy(): EnergyInput {
  return {
    gridKgCo2ePerKwh: 0.5306,
    powerCapMw: null,
    providerPue: 1.49,
    providerGridKgCo2ePerKwh: 0.5306,
    embodiedKgCo2ePerGpu: 165,
    carbonPriceCnyPerTonne: 0,
    measured: null,
  };
}

/**
 * What the own cluster pays per kWh: the power price plus its carbon at the carbon price (kg ÷ 1,000
 * per t). The model and the kernel both price energy with this, so they agree to the bit; at a carbon
 * price of 0 it is the power price exactly.
 */
export function ownEnergyCnyPerKwh(s: Pick<Scenario, 'selfBuild' | 'energy'>): number {
  return (
    s.selfBuild.electricityCnyPerKwh + (s.energy.carbonPriceCnyPerTonne * s.energy.gridKgCo2ePerKwh) / 1000
  );
}

/** The carbon line of that price per kWh (CNY per kWh). */
export function carbonCnyPerKwh(s: Pick<Scenario, 'energy'>): number {
  return (s.energy.carbonPriceCnyPerTonne * s.energy.gridKgCo2ePerKwh) / 1000;
}

/**
 * The scenario with its own cluster moved to a preset site: price, PUE and grid factor together (a
 * custom site keeps the values it has; the user types them).
 */
export function atSite(s: Scenario, id: SiteId): Scenario {
  const site = SITE_PRESETS.find((p) => p.id === id);
  if (!site) return s;
  return {
    ...s,
    selfBuild: { ...s.selfBuild, electricityCnyPerKwh: site.electricityCnyPerKwh, pue: site.pue },
    energy: { ...s.energy, gridKgCo2ePerKwh: site.gridKgCo2ePerKwh },
  };
}

/** The site the values say: a preset whose price, PUE and factor are the scenario's, else custom. */
export function siteOf(s: Scenario): SiteId {
  const site = SITE_PRESETS.find(
    (p) =>
      p.electricityCnyPerKwh === s.selfBuild.electricityCnyPerKwh &&
      p.pue === s.selfBuild.pue &&
      p.gridKgCo2ePerKwh === s.energy.gridKgCo2ePerKwh,
  );
  return site ? site.id : 'custom';
}
