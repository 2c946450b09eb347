import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  chooseModel,
  evaluate,
  onDemandDefaultOf,
  PLAN_LIMITS,
  presets,
  type Scenario,
} from '../../src/engine';
import { arbScenario } from './arbitraries';

/*
 * The default of "GPUs you can get on demand" (docs/model.md §10 "One market"): it follows the rented
 * GPU's availability note and scales with the scenario — a share of the GPUs renting all the work holds
 * in its busiest week, up to whole servers, never below the note's floor. Worked by hand here.
 */

const lab = presets.steadyLab as Scenario;

/** Whole 8-GPU servers holding at least `gpus`. */
const wholeServers = (gpus: number) => Math.ceil(gpus / 8) * 8;

describe('the default market, by hand', () => {
  it('the steady lab rents H800s (discontinued): ½ × its busiest week ÷ ⅔ = 353.7 → 360 GPUs, above the 256 floor', () => {
    // The premises: the busiest week, in H800 GPUs of useful work; a week-long job on whole 8-GPU
    // servers keeps a rented server ⅔ busy usefully (efficiency.ts), jobs of whole servers.
    const busiest = Math.max(...lab.demand.weeklyGpus);
    expect(busiest).toBe(471.6);
    expect(evaluate(lab).efficiencies.rent.value).toBeCloseTo(2 / 3, 12);
    expect(lab.demand.gpusPerJob % lab.rent.gpusPerServer).toBe(0);
    const rentPeak = busiest * 1.5;
    const d = onDemandDefaultOf(lab);
    expect(d.status).toBe('discontinued');
    expect(d.floorGpus).toBe(256);
    expect(d.shareOfRentPeak).toBe(0.5);
    expect(d.rentPeakGpus).toBeCloseTo(707.4, 9);
    expect(d.rentPeakGpus).toBeCloseTo(rentPeak, 9);
    expect(d.gpus).toBe(wholeServers(0.5 * 707.4));
    expect(d.gpus).toBe(360);
    // The preset carries it, and the market check reports the same peak for rent.
    expect(lab.trainingPlan.onDemandGpus).toBe(360);
    expect(evaluate(lab).market.ways.rent?.peakGpus).toBeCloseTo(707.4, 9);
  });

  it('the seed example’s team holds about 5 GPUs at its busiest: the floor, 256', () => {
    const seed = presets.seedTeam as Scenario;
    // 20 jobs × 24 h × 8 GPUs × 50 % useful a month, a flat week, held at 50 %: 1,920 ÷ 730 ÷ 0.5.
    const d = onDemandDefaultOf(seed);
    expect(d.rentPeakGpus).toBeCloseTo(1920 / 730 / 0.5, 9);
    expect(d.gpus).toBe(256);
    expect(seed.trainingPlan.onDemandGpus).toBe(256);
  });

  it('a lab with a busiest week 2.4 times as large: ½ × 1,147.4 ÷ ⅔ = 860.55 → 864', () => {
    const large = presets.largeLab as Scenario;
    expect(Math.max(...large.demand.weeklyGpus)).toBe(1147.4);
    expect(evaluate(large).efficiencies.rent.value).toBeCloseTo(2 / 3, 12);
    expect(onDemandDefaultOf(large).gpus).toBe(864);
    expect(large.trainingPlan.onDemandGpus).toBe(864);
  });

  it('a GPU sold freely (Ascend 910B) gives twice renting’s peak, at least 1,024', () => {
    const s = chooseModel(lab, 'rent', 'ascend910b');
    const ratio = s.hardware.rent.throughputRatio;
    expect(ratio).toBeGreaterThan(0);
    // The same work on GPUs doing `ratio` of an H800's: busiest ÷ ratio, held at ⅔.
    const peak = (471.6 / ratio) * 1.5;
    const d = onDemandDefaultOf(s);
    expect(d.status).toBe('available');
    expect(d.rentPeakGpus).toBeCloseTo(peak, 9);
    expect(d.gpus).toBe(Math.max(1024, wholeServers(2 * peak)));
  });

  it('a grey-market GPU (H100) gives an eighth of renting’s peak, at least 64', () => {
    const s = chooseModel(lab, 'rent', 'h100');
    const peak = (471.6 / s.hardware.rent.throughputRatio) * 1.5;
    const d = onDemandDefaultOf(s);
    expect(d.status).toBe('greyMarket');
    expect(d.gpus).toBe(Math.max(64, wholeServers(peak / 8)));
  });

  it('not one number for every preset: a growing company, ½ × 328.3 ÷ ½ = 328.3 → 336, beside 256, 360 and 864', () => {
    const growing = presets.growingCompany as Scenario;
    // Two-day jobs of 16 GPUs keep a rented server half busy usefully (efficiency.ts).
    expect(Math.max(...growing.demand.weeklyGpus)).toBe(328.3);
    expect(evaluate(growing).efficiencies.rent.value).toBeCloseTo(0.5, 12);
    expect(growing.trainingPlan.onDemandGpus).toBe(wholeServers(0.5 * (328.3 / 0.5)));
    expect(growing.trainingPlan.onDemandGpus).toBe(336);
    const markets = Object.values(presets).map((p) => (p as Scenario).trainingPlan.onDemandGpus);
    expect(new Set(markets)).toEqual(new Set([256, 336, 360, 864]));
  });

  it('a rented GPU the catalogue does not know: no availability named, taken as one sold in small lots', () => {
    const s: Scenario = {
      ...lab,
      hardware: { ...lab.hardware, referenceModelId: null, rent: { ...lab.hardware.rent, modelId: null } },
    };
    const d = onDemandDefaultOf(s);
    expect(d.status).toBeNull();
    expect(d.floorGpus).toBe(128);
    expect(d.shareOfRentPeak).toBe(0.25);
    expect(d.gpus).toBe(Math.max(128, wholeServers(0.25 * d.rentPeakGpus)));
  });

  it('on premises nothing reads the market; with it, rent or the platform does', () => {
    expect(onDemandDefaultOf(lab).read).toBe(true);
    expect(onDemandDefaultOf({ ...lab, compliance: 'onPrem' }).read).toBe(false);
  });
});

describe('the default market, properties', () => {
  const scaled = (s: Scenario, k: number): Scenario => ({
    ...s,
    demand: {
      ...s.demand,
      mode: 'weekly',
      weeklyGpus: s.demand.weeklyGpus.map((g) => g * k),
    },
  });

  it('is whole servers of the rented GPU, at least the floor and at most the field’s limit', () => {
    fc.assert(
      fc.property(arbScenario, (s) => {
        const d = onDemandDefaultOf(s);
        expect(d.gpus).toBeGreaterThanOrEqual(d.floorGpus);
        expect(d.gpus).toBeLessThanOrEqual(PLAN_LIMITS.maxGpus);
        if (d.gpus > d.floorGpus && d.gpus < PLAN_LIMITS.maxGpus) {
          expect(d.gpus % s.rent.gpusPerServer).toBe(0);
          // The least whole servers holding the share of the peak.
          expect(d.gpus).toBeGreaterThanOrEqual(d.shareOfRentPeak * d.rentPeakGpus - 1e-6);
          expect(d.gpus - s.rent.gpusPerServer).toBeLessThan(d.shareOfRentPeak * d.rentPeakGpus);
        }
      }),
      { numRuns: 60 },
    );
  });

  it('scales with the scenario: k times the demand, k times renting’s peak, the default never smaller', () => {
    fc.assert(
      fc.property(fc.double({ min: 1.1, max: 6, noNaN: true }), (k) => {
        const a = onDemandDefaultOf(lab);
        const b = onDemandDefaultOf(scaled(lab, k));
        expect(b.rentPeakGpus).toBeCloseTo(k * a.rentPeakGpus, 6);
        expect(b.gpus).toBeGreaterThanOrEqual(a.gpus);
        // Above the floor the default follows the peak to within a server.
        expect(Math.abs(b.gpus - 0.5 * b.rentPeakGpus)).toBeLessThan(lab.rent.gpusPerServer);
      }),
      { numRuns: 30 },
    );
  });
});
