import { z } from '../lib/zod';
import { CURRENT_SCHEMA_VERSION } from '../scenario/migrate';
import { ScenarioSchema } from '../scenario/schema';

/**
 * The scenario's JSON Schema (draft 2020-12), generated from the zod schema every door of the page
 * validates with — the shape of a current scenario (schema version `CURRENT_SCHEMA_VERSION`) as a file
 * or a link carries it. Rules across fields (a busy power above the maximum, a plan that outgrows the
 * weekly maximum) cannot be written in JSON Schema: `parseScenario` checks those too, so a document
 * the schema accepts can still be refused with the field named. Older versions are not described
 * here: the page and the command line migrate them.
 */
export function scenarioJsonSchema(): Record<string, unknown> {
  const generated = z.toJSONSchema(ScenarioSchema, {
    target: 'draft-2020-12',
    // What a file may hold before the schema's normalisations (−0 → 0) run.
    io: 'input',
    // Cross-field refinements have no JSON Schema form; they are checked by parseScenario.
    unrepresentable: 'any',
  });
  return {
    $schema: generated.$schema,
    $id: `urn:gpu-tco-dashboard:scenario:v${CURRENT_SCHEMA_VERSION}`,
    title: `GPU TCO scenario, schema version ${CURRENT_SCHEMA_VERSION}`,
    description:
      'One scenario of the GPU TCO dashboard: demand, the four ways of getting GPUs, operations, finance and hardware. Generated from the zod schema the app validates with; rules across fields are checked by the app and the command line only.',
    ...Object.fromEntries(Object.entries(generated).filter(([key]) => key !== '$schema')),
  };
}

/** The schema as the committed file holds it (two-space indent, a final newline). */
export function scenarioJsonSchemaText(): string {
  return `${JSON.stringify(scenarioJsonSchema(), null, 2)}\n`;
}
