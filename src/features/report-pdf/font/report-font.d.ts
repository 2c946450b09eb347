// Provided by vite-plugin-report-font.ts: the Noto Sans SC subsets for the PDF report.
declare module 'virtual:report-font' {
  /** URL of the regular-weight subset TTF. */
  export const regularUrl: string;
  /** URL of the bold subset TTF. */
  export const boldUrl: string;
  /** Every character the subsets cover, sorted. */
  export const characters: string;
}
