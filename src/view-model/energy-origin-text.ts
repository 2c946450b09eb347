import type { TFunction } from 'i18next';
import type { EnergyOrigin } from './energy-rows';

/** The line saying where the own cluster's power draw comes from: measured, the boards measured, or estimated. */
export function energyOriginText(
  o: EnergyOrigin,
  t: TFunction,
  n: (v: number, digits?: number) => string,
): string {
  const measuredOf = (m: NonNullable<EnergyOrigin['measured']>) => ({
    label: m.label ?? t('finance:energy.origin.theLog'),
    kwh: n(m.kwh, 1),
    hours: n(m.coveredGpuHours, 1),
    perGpu: n(m.kwPerGpu, 3),
  });
  const draw = { busy: n(o.busyKw, 2), idle: n(o.idleKw, 2) };
  if (o.kind === 'measured') {
    const line = t(
      o.idleAtMeasured ? 'finance:energy.origin.measuredIdleLowered' : 'finance:energy.origin.measured',
      {
        ...draw,
        ...measuredOf(o.measured),
      },
    );
    return o.keptAtMaximum
      ? `${line} ${t('finance:energy.origin.keptAtMaximum', { measuredKw: n(o.measuredKw, 2) })}`
      : line;
  }
  if (o.kind === 'boards')
    return t('finance:energy.origin.boards', {
      ...draw,
      ...measuredOf(o.measured),
      share: `${n(o.share * 100, 0)} %`,
    });
  const line = t('finance:energy.origin.estimate', draw);
  return o.staleKw !== null && o.measured
    ? `${line} ${t('finance:energy.origin.stale', { measuredKw: n(o.staleKw, 2), label: o.measured.label ?? t('finance:energy.origin.theLog') })}`
    : line;
}
