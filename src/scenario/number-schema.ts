import { z } from '../lib/zod';

/**
 * Every number the scenario schema reads. `-0` becomes 0: JSON and links can carry it ("-0" parses
 * to -0), it passes `min(0)`, and a scenario holding it would print "-0" or divide to -Infinity
 * where 0 gives Infinity — a value no control can produce and the app never shows, so it is the
 * zero it means. A check that rewrites (zod's `overwrite`), not a transform, so the schema's type
 * stays a plain number.
 */
export function numberSchema(params?: Parameters<typeof z.number>[0]): z.ZodNumber {
  return z.number(params).overwrite((value) => (value === 0 ? 0 : value));
}
