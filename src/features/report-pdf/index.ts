/**
 * PDF summary export. Only the button is loaded with the app; the content model (report-model.ts), the
 * generator (export-pdf.ts), jsPDF, svg2pdf.js and the font subset are fetched when it is clicked.
 */
export { ExportPdfButton, type ExportPdfButtonProps } from './export-pdf-button';
export type { Report, WizardAnswers } from './report-model';
