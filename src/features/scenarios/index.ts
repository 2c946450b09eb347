// Scenarios (issue 5) are being built; this module's real views replace this file.
import { createElement } from 'react';

export function ScenariosView(_props: { onShowDashboard: () => void }) {
  return createElement('section', { 'aria-busy': true });
}

export function ScenarioActions() {
  return null;
}
