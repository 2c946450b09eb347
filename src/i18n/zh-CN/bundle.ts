import analysis from './analysis.json';
import charts from './charts.json';
import common from './common.json';
import exportStrings from './export.json';
import finance from './finance.json';
import hardware from './hardware.json';
import layout from './layout.json';
import report from './report.json';
import scenarios from './scenarios.json';
import wizard from './wizard.json';

/** Every namespace of this language, in one chunk the app loads only for a reader of it. */
export const bundle = {
  common,
  charts,
  analysis,
  report,
  scenarios,
  wizard,
  hardware,
  finance,
  export: exportStrings,
  layout,
};
