import { parameter } from './parameters';
import type { MeasuredEnergy, Scenario } from './types';

/**
 * Measured energy replaces the estimate (docs/model.md §11). A cluster log that carries energy gives
 * the IT energy (without PUE) of the GPUs it covers:
 * - **Slurm's ConsumedEnergyRaw** (`nodes`): the servers' energy while jobs held their GPUs, so kWh ÷
 *   the jobs' GPU-hours is a server's draw under load per GPU. It replaces the own cluster's busy draw:
 *   busy kW a server = kW per GPU × GPUs per server, to 0.01 kW. The idle draw stays the estimate (a
 *   job log says nothing of the hours no job ran) unless the measured busy draw is below it: a server
 *   never draws less under load than idle (the schema's order idle ≤ busy ≤ maximum), so idle is then
 *   lowered to it. A busy draw above the server's rated maximum is kept at the maximum (a log whose
 *   jobs shared servers counts a server once per job).
 * - **GPU telemetry** (`gpus`: nvidia-smi `power.draw`, DCGM `DCGM_FI_DEV_POWER_USAGE`): the GPU boards
 *   only, not the CPUs, memory, network and fans around them, so it cannot replace a server's draw. It
 *   is kept and shown beside the estimate (the share of the estimated draw the boards account for).
 * Through the one door like every change; the measurement is kept as measured, and whether the busy
 * draw is still the measured one is read off the values (`busyDrawMeasured`), so a later edit of the
 * draw or of the GPUs per server shows the estimate again without a second record to keep in step.
 */

/**
 * How a measurement was applied: as measured, or kept within the order idle ≤ busy ≤ maximum; the
 * boards' power kept beside the estimate (`notApplied`), or not kept at all because the servers'
 * measured energy already sets the draw (`serverMeasurementKept`: the better measurement stays).
 */
export type MeasuredEnergyKept =
  | 'asMeasured'
  | 'idleLowered'
  | 'keptAtMaximum'
  | 'notApplied'
  | 'serverMeasurementKept';

export interface MeasuredEnergyApplied {
  scenario: Scenario;
  kept: MeasuredEnergyKept;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** The busy draw a `nodes` measurement gives a server: kW per GPU × GPUs per server, to 0.01 kW. */
export function measuredBusyKwPerServer(m: MeasuredEnergy, gpusPerServer: number): number {
  const { min } = parameter('selfBuild.powerBusyKwPerServer');
  return Math.max(min, round2(m.kwPerGpu * gpusPerServer));
}

/** The scenario with a log's measured energy kept and, for a server measurement, its busy draw. */
export function withMeasuredEnergy(s: Scenario, m: MeasuredEnergy): MeasuredEnergyApplied {
  if (m.scope !== 'nodes' && busyDrawMeasured(s)) return { scenario: s, kept: 'serverMeasurementKept' };
  const energy = { ...s.energy, measured: m };
  if (m.scope !== 'nodes') return { scenario: { ...s, energy }, kept: 'notApplied' };
  const sb = s.selfBuild;
  const measuredKw = measuredBusyKwPerServer(m, sb.gpusPerServer);
  const busy = Math.min(measuredKw, sb.powerMaxKwPerServer);
  const idle = Math.min(sb.powerIdleKwPerServer, busy);
  const kept: MeasuredEnergyKept =
    busy < measuredKw ? 'keptAtMaximum' : idle < sb.powerIdleKwPerServer ? 'idleLowered' : 'asMeasured';
  return {
    scenario: {
      ...s,
      energy,
      selfBuild: { ...sb, powerBusyKwPerServer: busy, powerIdleKwPerServer: idle },
    },
    kept,
  };
}

/**
 * Whether the own cluster's busy draw is the one its log measured: a server measurement is kept and the
 * draw is what it gives at today's GPUs per server (or the maximum it was kept at).
 */
export function busyDrawMeasured(s: Scenario): boolean {
  const m = s.energy.measured;
  if (m === null || m.scope !== 'nodes') return false;
  const sb = s.selfBuild;
  const expected = Math.min(measuredBusyKwPerServer(m, sb.gpusPerServer), sb.powerMaxKwPerServer);
  return sb.powerBusyKwPerServer === expected;
}

/**
 * The share of the own cluster's estimated busy draw that a `gpus` measurement's boards account for
 * (kW per GPU × GPUs per server ÷ busy kW a server); null without one.
 */
export function gpuBoardShareOfBusyDraw(s: Scenario): number | null {
  const m = s.energy.measured;
  if (m === null || m.scope !== 'gpus') return null;
  const sb = s.selfBuild;
  return sb.powerBusyKwPerServer > 0 ? (m.kwPerGpu * sb.gpusPerServer) / sb.powerBusyKwPerServer : null;
}
