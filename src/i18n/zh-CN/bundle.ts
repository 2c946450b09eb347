import charts from './charts.json';
import common from './common.json';
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
import usageFile from './usage-file.json';

/**
 * The namespaces of this language a first visit draws with, in one chunk the app loads only for a
 * reader of it; the others (views and sections that load later) are in on-demand.ts.
 */
export const bundle = {
  common,
  charts,
  report,
  scenarios,
  hardware,
  finance,
  export: exportStrings,
  layout,
  firstScreen,
  glossary,
  offline,
  plan,
  usageFile,
};
