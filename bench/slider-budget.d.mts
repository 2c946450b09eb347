/** Types of bench/slider-budget.mjs (the table in docs/performance.md reads it from TypeScript). */
export declare const FLOOR_MEDIAN_MARGIN_MS: number;
export declare const FLOOR_P95_MARGIN_MS: number;
export interface SliderMargin {
  key: string;
  medianOverMs: number;
  p95OverMs: number;
}
export type SliderKind = 'kpi' | 'chart';
export declare function sliderMargins(
  results: Record<string, unknown>,
  kinds?: SliderKind[],
): SliderMargin[] | null;
export declare function slidersWithinFloorBudget(
  results: Record<string, unknown>,
  kinds?: SliderKind[],
): boolean;
export declare function worstSlider(results: Record<string, unknown>): SliderMargin | null;
export declare function sliderBudgetLines(results: Record<string, unknown>): string[];
