import { COMPLIANCE_LEVELS, type Compliance } from './types';

/** Whether a compliance level is at least as strict as `level` (levels ordered in COMPLIANCE_LEVELS). */
export function atLeast(compliance: Compliance, level: Compliance): boolean {
  return COMPLIANCE_LEVELS.indexOf(compliance) >= COMPLIANCE_LEVELS.indexOf(level);
}
