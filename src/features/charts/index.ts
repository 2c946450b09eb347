export { BreakdownChart } from './breakdown-chart';
export { CrossoverChart } from './crossover-chart';
export { CumulativeChart } from './cumulative-chart';
export { DemandChart } from './demand-chart';
