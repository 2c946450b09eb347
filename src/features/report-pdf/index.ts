/**
 * PDF and Excel export. Only the buttons and their dialog are loaded with the app; the content model
 * (report-model.ts), the generators (export-pdf.ts, report-excel/), jsPDF, svg2pdf.js, ExcelJS and the
 * font subset are fetched when an export is made.
 */
export { ExportButtons } from './export-buttons';
export type { WizardAnswers } from './report-document';
