import { STRATEGY_IDS } from '../engine';
import { formatMoney } from '../lib/format';
import { useEvaluation } from '../state/selectors';
import { useAppStore, useMoneyFormat } from '../state/store-context';

/** Placeholder shell: the seed example's numbers from the engine (the dashboard replaces this). */
export function App() {
  const scenario = useAppStore((s) => s.scenario);
  const money = useMoneyFormat();
  const evaluation = useEvaluation(scenario);
  return (
    <main>
      <h1>GPU TCO Dashboard</h1>
      <p>{scenario.name}</p>
      <ul>
        {STRATEGY_IDS.map((id) => (
          <li key={id} data-testid={`kpi-monthly-${id}`}>
            {id}: {formatMoney(evaluation.strategies[id].monthlyCny, money)}
          </li>
        ))}
      </ul>
    </main>
  );
}
