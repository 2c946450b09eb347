export { BreakdownTable } from './breakdown-table';
