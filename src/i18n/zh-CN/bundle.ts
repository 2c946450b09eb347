import analysis from './analysis.json';
import charts from './charts.json';
import common from './common.json';
import compare from './compare.json';
import exportStrings from './export.json';
import finance from './finance.json';
import firstScreen from './first-screen.json';
import glossary from './glossary.json';
import hardware from './hardware.json';
import layout from './layout.json';
import offline from './offline.json';
import plan from './plan.json';
import report from './report.json';
import scenarios from './scenarios.json';
import sizing from './sizing.json';
import usageFile from './usage-file.json';
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
  compare,
  firstScreen,
  glossary,
  offline,
  sizing,
  plan,
  usageFile,
};
