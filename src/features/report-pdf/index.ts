/**
 * PDF and Excel export. Only the buttons and their dialog are loaded with the app; the content model
 * (report-model.ts), the generators (export-pdf.ts, excel-workbook.ts), jsPDF, svg2pdf.js, ExcelJS, the
 * PDF's fonts and their subsetter (font/) are fetched when an export is made (the fonts already when
 * the PDF dialog opens).
 */
export { ExportButtons } from './export-buttons';
export type { WizardAnswers } from './report-document';
