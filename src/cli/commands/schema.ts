import { scenarioJsonSchemaText } from '../../package/json-schema';
import type { CommandResult } from './result';

/** `gpu-tco schema`: the scenario's JSON Schema, as committed in schema/. */
export function schemaCommand(): CommandResult {
  return { ok: true, text: scenarioJsonSchemaText() };
}
