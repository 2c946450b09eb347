import analysis from './analysis.json';
import compare from './compare.json';
import sizing from './sizing.json';
import wizard from './wizard.json';

/**
 * The namespaces of this language that nothing on a first visit draws (the self-assessment, the
 * scenario comparison, the uncertainty and sizing sections): a chunk of their own, loaded when a
 * component that reads them is first drawn or an export needs them (src/i18n/app-i18n.ts).
 */
export const onDemand = {
  analysis,
  compare,
  sizing,
  wizard,
};
