// Types of step-trace.mjs for the tests that import it (the bench itself runs as plain JavaScript).
import type { Page } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur: number;
  args?: { data?: { type?: string } };
}

export interface StepCost {
  taskMs: number;
  frameMs: number;
}

export function unionLength(spans: readonly (readonly [number, number])[]): number;
export function stepCosts(events: readonly TraceEvent[]): StepCost[];
export function traceKeySteps(page: Page, options?: { steps?: number; gapMs?: number }): Promise<StepCost[]>;
