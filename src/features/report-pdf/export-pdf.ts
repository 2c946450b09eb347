/**
 * The PDF generator: lays out a `Report` (report-model.ts) on A4 pages with jsPDF, its tables with
 * jspdf-autotable, and its charts and the share link's QR code as vectors with svg2pdf.js. The charts
 * arrive as SVG drawn from the engine's data (line-chart-svg.ts), never copied from the page, so the
 * file does not depend on which tab is open. Loaded with `import()` only when someone clicks Export,
 * together with the fonts (font/report-fonts.ts), so none of it weighs on the first load.
 */

import { jsPDF } from 'jspdf';
import { autoTable, type CellHookData } from 'jspdf-autotable';
import { svg2pdf } from 'svg2pdf.js';
import { renderSVG } from 'uqr';
import { downloadBlob } from '../../lib/download';
import { STRATEGY_COLORS } from '../../view-model/strategy-style';
import { printableText, textsOf, unprintableCharacters } from './font/printable';
import { loadReportFonts } from './font/report-fonts';
import type { Report, ReportBlock, ReportTable } from './report-document';
import { wrapText } from './wrap-text';

const FONT = 'NotoSansSC';
const PAGE = { width: 595.28, height: 841.89 };
const MARGIN = { left: 48, right: 48, top: 64, bottom: 56 };
const CONTENT_WIDTH = PAGE.width - MARGIN.left - MARGIN.right;
const INK: [number, number, number] = [17, 24, 39];
const MUTED: [number, number, number] = [75, 85, 99];
const RULE: [number, number, number] = [209, 213, 219];
const LINE_HEIGHT = 1.4;

// ---------------------------------------------------------------------------------------------------
// Layout

/** Text as the embedded fonts can print it (font/printable.ts). */
type Printable = (text: string) => string;

class Writer {
  y = MARGIN.top;
  constructor(
    readonly doc: jsPDF,
    readonly printable: Printable,
  ) {}

  get bottom(): number {
    return PAGE.height - MARGIN.bottom;
  }

  /** Starts a new page when `height` does not fit below the cursor. */
  ensure(height: number): void {
    if (this.y + height > this.bottom) {
      this.doc.addPage();
      this.y = MARGIN.top;
    }
  }

  font(size: number, weight: 'normal' | 'bold' = 'normal', color: [number, number, number] = INK): void {
    this.doc.setFont(FONT, weight);
    this.doc.setFontSize(size);
    this.doc.setTextColor(...color);
  }

  lineHeight(size: number): number {
    return size * LINE_HEIGHT;
  }

  /** Wrapped text, line by line so a long paragraph can continue on the next page. */
  text(
    text: string,
    size: number,
    options: {
      weight?: 'normal' | 'bold';
      color?: [number, number, number];
      x?: number;
      width?: number;
      url?: string;
    } = {},
  ): void {
    const x = options.x ?? MARGIN.left;
    const width = options.width ?? CONTENT_WIDTH;
    this.font(size, options.weight ?? 'normal', options.color ?? INK);
    const lines = wrapText(
      this.printable(text),
      width,
      (t) => this.doc.getTextWidth(t),
      (t, w) => this.doc.splitTextToSize(t, w),
    );
    const step = this.lineHeight(size);
    for (const line of lines) {
      this.ensure(step);
      this.doc.text(line, x, this.y, { baseline: 'top' });
      if (options.url) this.doc.link(x, this.y, this.doc.getTextWidth(line), step, { url: options.url });
      this.y += step;
    }
  }

  gap(points: number): void {
    this.y += points;
  }
}

/**
 * Room the start of a block needs on the page its heading is on, so no heading is left at the foot of
 * a page: a table's header and first three rows, a chart whole, a few lines of anything else.
 */
function keepWithNext(blocks: readonly ReportBlock[], from: number): number {
  let need = 0;
  for (let i = from; i < blocks.length; i++) {
    const next = blocks[i] as ReportBlock;
    // A caption or note between a heading and its table travels with both.
    if (next.kind === 'paragraph' && i < from + 2) {
      need += 30;
      continue;
    }
    if (next.kind === 'table') return need + 22 + 3 * 16;
    if (next.kind === 'chart') return need + next.height + 40;
    return need + 40;
  }
  return need + 30;
}

function sectionHeading(w: Writer, text: string, blocks: readonly ReportBlock[]): void {
  // Keep a heading with at least a few lines of what follows it.
  w.ensure(Math.max(80, 40 + keepWithNext(blocks, 0)));
  w.gap(10);
  w.text(text, 14, { weight: 'bold' });
  w.doc.setDrawColor(...RULE);
  w.doc.setLineWidth(0.75);
  w.doc.line(MARGIN.left, w.y + 1, PAGE.width - MARGIN.right, w.y + 1);
  w.gap(8);
}

function facts(w: Writer, rows: Array<{ label: string; value: string }>): void {
  // 130, not 150: page 1's values (the capex in its parts) get the room, so page 1 stays one page.
  const labelWidth = 130;
  for (const row of rows) {
    w.ensure(w.lineHeight(9));
    const y0 = w.y;
    w.text(row.label, 9, { color: MUTED, width: labelWidth - 8 });
    const afterLabel = w.y;
    w.y = y0;
    w.text(row.value, 9, { x: MARGIN.left + labelWidth, width: CONTENT_WIDTH - labelWidth });
    w.y = Math.max(w.y, afterLabel) + 2;
  }
}

function list(w: Writer, items: string[]): void {
  for (const item of items) {
    w.ensure(w.lineHeight(9.5));
    w.font(9.5);
    w.doc.text('•', MARGIN.left + 4, w.y, { baseline: 'top' });
    w.text(item, 9.5, { x: MARGIN.left + 16, width: CONTENT_WIDTH - 16 });
    w.gap(2);
  }
}

type Rgb = [number, number, number];

function hexToRgb(hex: string): Rgb {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

/** A number with its currency sign and minus ("−¥4,240,786", "CN¥12.5", "45"): what a cell must never split. */
const NUMBER_TOKEN = /[−-]?(?:CN¥|US\$|¥|\$)?[−-]?\d[\d,.]*/g;

/** Cell padding of every table (points), each side. */
const CELL_PADDING = 3;

/**
 * Each column's least width: its widest number in bold (a highlighted row is bold) plus the padding,
 * so a line break falls between words and never inside an amount ("¥1,200,00 / 0" in a narrow gap
 * column). Left out when the columns' least widths would not fit the page together (the table then
 * breaks as before rather than running off the page).
 */
function numberMinWidths(w: Writer, rows: string[][], fontSize: number): Record<number, number> {
  w.doc.setFont(FONT, 'bold');
  w.doc.setFontSize(fontSize);
  const widths: Record<number, number> = {};
  for (const row of rows)
    row.forEach((cell, c) => {
      for (const token of cell.match(NUMBER_TOKEN) ?? []) {
        const need = w.doc.getTextWidth(token) + 2 * CELL_PADDING + 1;
        if (need > (widths[c] ?? 0)) widths[c] = need;
      }
    });
  const total = Object.values(widths).reduce((a, b) => a + b, 0);
  return total <= CONTENT_WIDTH ? widths : {};
}

function table(w: Writer, t: ReportTable): void {
  const right = new Set(t.numericColumns);
  const highlight = new Set(t.highlightRows);
  const columnStyles: Record<
    number,
    { halign?: 'right'; cellWidth?: number | 'auto' | 'wrap'; minCellWidth?: number }
  > = {};
  for (const c of right) columnStyles[c] = { halign: 'right' };
  if (t.id === 'assumptions') {
    columnStyles[0] = { cellWidth: 112 };
    columnStyles[1] = { halign: 'right', cellWidth: 78 };
    columnStyles[2] = { halign: 'right', cellWidth: 78 };
    columnStyles[4] = { cellWidth: 40 };
    // The source takes the rest, fixed too, so the report's line breaker wraps it (below).
    columnStyles[3] = { cellWidth: CONTENT_WIDTH - (112 + 78 + 78 + 40) };
  }
  if (t.id === 'hardware') {
    columnStyles[0] = { cellWidth: 62 };
    columnStyles[1] = { cellWidth: 92 };
    columnStyles[2] = { cellWidth: 92 };
    columnStyles[4] = { cellWidth: 40 };
    columnStyles[3] = { cellWidth: CONTENT_WIDTH - (62 + 92 + 92 + 40) };
  }
  if (t.id === 'kpis') columnStyles[0] = { cellWidth: 84 };
  const fontSize =
    t.id === 'assumptions' || t.id === 'hardware' || t.id === 'plan' ? 7 : t.id === 'kpis' ? 7.5 : 8.5;
  const body = t.body.map((row) => row.map(w.printable));
  for (const [c, min] of Object.entries(numberMinWidths(w, body, fontSize)))
    columnStyles[Number(c)] = { ...columnStyles[Number(c)], minCellWidth: min };
  const swatchInset = t.rowStrategies ? 10 : 0;
  w.ensure(60);
  autoTable(w.doc, {
    startY: w.y,
    margin: { left: MARGIN.left, right: MARGIN.right, top: MARGIN.top, bottom: MARGIN.bottom },
    head: [t.head.map(w.printable)],
    body,
    foot: t.foot.map((row) => row.map(w.printable)),
    showFoot: 'lastPage',
    theme: 'grid',
    styles: {
      font: FONT,
      fontStyle: 'normal',
      fontSize,
      cellPadding: CELL_PADDING,
      textColor: INK,
      lineColor: RULE,
      lineWidth: 0.5,
      overflow: 'linebreak',
      valign: 'top',
    },
    headStyles: { font: FONT, fontStyle: 'bold', fillColor: [243, 244, 246], textColor: INK },
    footStyles: {
      font: FONT,
      fontStyle: 'bold',
      fillColor: [249, 250, 251],
      textColor: INK,
      halign: 'right',
    },
    columnStyles,
    didParseCell: (data: CellHookData) => {
      if (data.section === 'body' && highlight.has(data.row.index)) {
        data.cell.styles.fontStyle = 'bold';
        data.cell.styles.fillColor = [236, 253, 245];
      }
      if (data.section === 'foot' && data.column.index === 0) data.cell.styles.halign = 'left';
      if (data.section === 'head' && right.has(data.column.index)) data.cell.styles.halign = 'right';
      if (swatchInset && data.section === 'body' && data.column.index === 0) {
        data.cell.styles.cellPadding = { top: 3, right: 3, bottom: 3, left: 3 + swatchInset };
      }
      // Last, once the cell's style is final (a highlighted row is bold): a fixed-width column is
      // wrapped by the report's own line breaker (wrap-text.ts: a Chinese line never ends on an
      // opening bracket, splits a number from its unit or leaves one character alone); the table's
      // own splitter breaks only at spaces (review L6).
      const fixed = columnStyles[data.column.index]?.cellWidth;
      if (typeof fixed === 'number' && data.section !== 'foot') {
        const size = data.cell.styles.fontSize;
        w.doc.setFont(FONT, data.cell.styles.fontStyle);
        const measure = (text: string) =>
          (w.doc.getStringUnitWidth(text) * size) / w.doc.internal.scaleFactor;
        const inset = swatchInset && data.section === 'body' && data.column.index === 0 ? swatchInset : 0;
        const width = fixed - 2 * CELL_PADDING - inset - 0.5;
        data.cell.text = data.cell.text.flatMap((text) =>
          wrapText(text, width, measure, (t, at) => w.doc.splitTextToSize(t, at, { fontSize: size })),
        );
      }
    },
    didDrawCell: (data: CellHookData) => {
      const strategy = t.rowStrategies?.[data.row.index];
      if (!strategy || data.section !== 'body' || data.column.index !== 0) return;
      // The strategy's colour, as on the dashboard's cards and chart lines.
      w.doc.setFillColor(...hexToRgb(STRATEGY_COLORS[strategy]));
      w.doc.rect(data.cell.x + 4, data.cell.y + 5, 6, 6, 'F');
    },
  });
  const last = (w.doc as unknown as { lastAutoTable?: { finalY?: number } }).lastAutoTable;
  w.y = (last?.finalY ?? w.y) + 8;
}

// ---------------------------------------------------------------------------------------------------
// Charts and the QR code

/** Draws an SVG string at (x, y) with svg2pdf, which resolves styles through the DOM while it draws. */
async function drawSvg(doc: jsPDF, svgText: string, x: number, y: number, width: number, height: number) {
  const parsed = new DOMParser().parseFromString(svgText, 'image/svg+xml');
  const svg = document.importNode(parsed.documentElement, true) as unknown as SVGSVGElement;
  const holder = document.createElement('div');
  holder.setAttribute('aria-hidden', 'true');
  holder.style.cssText = 'position:fixed;left:-10000px;top:0;pointer-events:none;';
  holder.append(svg);
  document.body.append(holder);
  try {
    await svg2pdf(svg, doc, { x, y, width, height });
  } finally {
    holder.remove();
  }
}

async function chart(w: Writer, block: Extract<ReportBlock, { kind: 'chart' }>): Promise<void> {
  const scale = Math.min(1, CONTENT_WIDTH / block.width);
  const drawnWidth = block.width * scale;
  const drawnHeight = block.height * scale;
  // The title, the plot and its legend stay on one page.
  w.ensure(drawnHeight + 48);
  w.text(block.title, 10.5, { weight: 'bold' });
  w.gap(2);
  // The SVG's text must be printable in the embedded font like every other text.
  const svgText = block.svg.replace(/>([^<]+)</g, (_, text: string) => `>${w.printable(text)}<`);
  await drawSvg(w.doc, svgText, MARGIN.left, w.y, drawnWidth, drawnHeight);
  w.y += drawnHeight + 4;
  legend(w, block.legend);
  for (const note of block.notes) w.text(note, 8, { color: MUTED });
  w.gap(6);
}

/** The chart's legend: the line of each series and its name. */
function legend(w: Writer, items: Extract<ReportBlock, { kind: 'chart' }>['legend']): void {
  if (items.length === 0) return;
  w.font(8.5);
  let x = MARGIN.left;
  const step = w.lineHeight(8.5);
  w.ensure(step);
  for (const item of items) {
    const label = w.printable(item.label);
    const width = 18 + w.doc.getTextWidth(label) + 14;
    if (x + width > PAGE.width - MARGIN.right) {
      x = MARGIN.left;
      w.y += step;
      w.ensure(step);
    }
    const [r, g, b] = hexToRgb(item.color);
    w.doc.setDrawColor(r, g, b);
    w.doc.setLineWidth(2);
    w.doc.setLineDashPattern(item.dash ? item.dash.split(/[\s,]+/).map(Number) : [], 0);
    w.doc.line(x, w.y + 6, x + 14, w.y + 6);
    w.doc.setLineDashPattern([], 0);
    w.font(8.5);
    w.doc.text(label, x + 18, w.y, { baseline: 'top' });
    x += width;
  }
  w.y += step + 2;
}

/** Side of the printed QR code in points (≈10.6 cm: a link of ~1,800 characters needs ~170 modules, each ≥ 0.6 mm, to scan). */
const QR_SIZE = 300;

/** The share link as a vector QR code (uqr → SVG → svg2pdf), its caption and a short printed line. */
async function qr(w: Writer, block: Extract<ReportBlock, { kind: 'qr' }>): Promise<void> {
  w.ensure(QR_SIZE + 60);
  w.text(block.caption, 9.5);
  w.gap(6);
  // Low error correction keeps the modules large; the code is printed, not worn on a sticker.
  const svg = renderSVG(block.url, { ecc: 'L', border: 4, pixelSize: 1 });
  await drawSvg(w.doc, svg, MARGIN.left, w.y, QR_SIZE, QR_SIZE);
  w.doc.link(MARGIN.left, w.y, QR_SIZE, QR_SIZE, { url: block.url });
  w.y += QR_SIZE + 6;
  w.text(block.line, 8, { color: MUTED, url: block.url });
}

// ---------------------------------------------------------------------------------------------------
// Document

/** Title block, header and footer on every page: the scenario, the generated date and "n / N". */
function pageFurniture(doc: jsPDF, report: Report, printable: Printable): void {
  const pages = doc.getNumberOfPages();
  for (let page = 1; page <= pages; page++) {
    doc.setPage(page);
    doc.setFont(FONT, 'normal');
    doc.setFontSize(8);
    doc.setTextColor(...MUTED);
    doc.setDrawColor(...RULE);
    doc.setLineWidth(0.5);
    const headerY = 34;
    doc.text(printable(report.headerTitle), MARGIN.left, headerY, { baseline: 'bottom' });
    const name = doc.splitTextToSize(printable(report.scenarioName), CONTENT_WIDTH / 2)[0] ?? '';
    doc.text(name, PAGE.width - MARGIN.right, headerY, { baseline: 'bottom', align: 'right' });
    doc.line(MARGIN.left, headerY + 4, PAGE.width - MARGIN.right, headerY + 4);
    const footerY = PAGE.height - 30;
    doc.line(MARGIN.left, footerY - 12, PAGE.width - MARGIN.right, footerY - 12);
    doc.text(printable(report.generatedText), MARGIN.left, footerY, { baseline: 'bottom' });
    const number = report.pageTemplate.replace('%PAGE%', String(page)).replace('%PAGES%', String(pages));
    doc.text(number, PAGE.width - MARGIN.right, footerY, { baseline: 'bottom', align: 'right' });
  }
}

/** The report as PDF bytes, and the characters of it that no embedded font can draw (printed as □). */
export async function renderReportPdf(report: Report): Promise<{ blob: Blob; unprintable: string[] }> {
  const fontSet = await loadReportFonts();
  const texts = textsOf(report);
  const unprintable = unprintableCharacters(texts, fontSet.coverage);
  // The subset holds every character the report prints; the title is written to the file's metadata.
  const fonts = fontSet.subset(texts);
  const printable: Printable = (text) => printableText(text, fontSet.coverage);
  const doc = new jsPDF({ unit: 'pt', format: 'a4', orientation: 'portrait', compress: true });
  doc.addFileToVFS('NotoSansSC-Regular.ttf', fonts.regular);
  doc.addFont('NotoSansSC-Regular.ttf', FONT, 'normal');
  doc.addFileToVFS('NotoSansSC-Bold.ttf', fonts.bold);
  doc.addFont('NotoSansSC-Bold.ttf', FONT, 'bold');
  doc.setProperties({
    title: `${report.scenarioName} – ${report.headerTitle}`,
    subject: report.subtitle,
    creator: 'GPU TCO Dashboard',
  });
  doc.setLanguage(report.locale === 'zh-CN' ? 'zh-CN' : 'en-US');

  const w = new Writer(doc, printable);
  w.text(report.title, 20, { weight: 'bold' });
  w.gap(2);
  w.text(report.subtitle, 10.5, { color: MUTED });
  w.gap(4);

  for (const section of report.sections) {
    sectionHeading(w, section.heading, section.blocks);
    for (const [index, block] of section.blocks.entries()) {
      switch (block.kind) {
        case 'paragraph':
          w.text(block.text, block.style === 'lead' ? 11.5 : block.style === 'note' ? 8.5 : 9.5, {
            weight: block.style === 'lead' ? 'bold' : 'normal',
            color: block.style === 'note' ? MUTED : INK,
          });
          w.gap(5);
          break;
        case 'subheading':
          w.ensure(20 + keepWithNext(section.blocks, index + 1));
          w.gap(3);
          w.text(block.text, 10.5, { weight: 'bold' });
          w.gap(2);
          break;
        case 'facts':
          facts(w, block.rows);
          w.gap(4);
          break;
        case 'list':
          list(w, block.items);
          w.gap(3);
          break;
        case 'table':
          table(w, block.table);
          break;
        case 'chart':
          await chart(w, block);
          break;
        case 'qr':
          await qr(w, block);
          break;
        case 'pageBreak':
          if (w.y > MARGIN.top) {
            w.doc.addPage();
            w.y = MARGIN.top;
          }
          break;
      }
    }
  }
  pageFurniture(doc, report, printable);
  return { blob: doc.output('blob'), unprintable };
}

/** Renders and downloads the report; returns the file's name and size and what printed as □. */
export async function exportReportPdf(
  report: Report,
): Promise<{ fileName: string; bytes: number; unprintable: string[] }> {
  const { blob, unprintable } = await renderReportPdf(report);
  downloadBlob(blob, report.fileName);
  return { fileName: report.fileName, bytes: blob.size, unprintable };
}
