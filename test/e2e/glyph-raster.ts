/**
 * Checks that a PDF really draws a character, not an empty box: the character's cell (from
 * `pdftotext -bbox`) is cut from a `pdftoppm` raster and matched against reference drawings of the
 * candidate characters, of the □ the app prints for what it cannot draw, and of the font's own
 * "missing glyph" (.notdef, drawn by asking the font for a character it lacks). The references are
 * made here, in Node, with jsPDF and the full Noto Sans SC at the same size, and rendered by the same
 * pdftoppm. A cell is accepted only when its nearest reference is the expected character, so a glyph
 * that is missing from the embedded subset (drawn as .notdef), replaced by □ or left blank fails,
 * with no tuned threshold.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { jsPDF } from 'jspdf';
import { cmapCodePoints } from '../../src/features/report-pdf/font/cmap.ts';
import { readPnmHeader, run } from './export-helpers';

const require = createRequire(import.meta.url);
const DPI = 300;
const GRID = 32;

/** Labels of the two references that mean "not drawn". */
export const FALLBACK_BOX = 'fallback □';
export const MISSING_GLYPH = 'missing glyph (.notdef)';

export interface Cell {
  text: string;
  page: number;
  /** In PDF points, top-left origin (as pdftotext -bbox reports). */
  x: number;
  y: number;
  width: number;
  height: number;
  /** The text's size in points: a CJK character is one em wide. */
  size: number;
}

/** One cell per character of every word of `page` made only of full-width characters. */
export async function characterCells(path: string, page: number): Promise<Cell[]> {
  const { stdout } = await run('pdftotext', [
    '-bbox',
    '-enc',
    'UTF-8',
    '-f',
    String(page),
    '-l',
    String(page),
    path,
    '-',
  ]);
  const cells: Cell[] = [];
  const word = /<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g;
  for (const m of stdout.matchAll(word)) {
    const [x0, y0, x1, y1] = [m[1], m[2], m[3], m[4]].map(Number) as [number, number, number, number];
    const chars = [...(m[5] ?? '')];
    if (chars.length === 0 || !chars.every((c) => /[\p{Script=Han}□]/u.test(c))) continue;
    const size = Math.round(((x1 - x0) / chars.length) * 100) / 100;
    chars.forEach((text, i) => {
      cells.push({ text, page, x: x0 + i * size, y: y0, width: size, height: y1 - y0, size });
    });
  }
  return cells;
}

interface Gray {
  width: number;
  height: number;
  /** Darkness 0 (white) … 1 (black), row by row. */
  ink: Float32Array;
}

/** A binary PGM (P5, 8-bit) as darkness values. */
function readPgm(bytes: Buffer): Gray {
  const { width, height, dataStart: pos } = readPnmHeader(bytes, 'P5');
  const ink = new Float32Array(width * height);
  for (let i = 0; i < ink.length; i++) ink[i] = 1 - (bytes[pos + i] ?? 255) / 255;
  return { width, height, ink };
}

/** Renders one page in grey at print resolution. */
export async function renderPage(path: string, page: number, prefix: string): Promise<Gray> {
  await run('pdftoppm', [
    '-gray',
    '-r',
    String(DPI),
    '-f',
    String(page),
    '-l',
    String(page),
    '-singlefile',
    path,
    prefix,
  ]);
  return readPgm(readFileSync(`${prefix}.pgm`));
}

/**
 * The drawing inside a cell, independent of where exactly it sits: the bounding box of its ink,
 * resampled to a GRID × GRID square of mean darkness. An empty cell gives all zeros.
 */
export function signature(image: Gray, cell: Pick<Cell, 'x' | 'y' | 'width' | 'height'>): Float32Array {
  const k = DPI / 72;
  const left = Math.max(0, Math.floor(cell.x * k));
  const top = Math.max(0, Math.floor(cell.y * k));
  const right = Math.min(image.width, Math.ceil((cell.x + cell.width) * k));
  const bottom = Math.min(image.height, Math.ceil((cell.y + cell.height) * k));
  let [x0, y0, x1, y1] = [right, bottom, left, top];
  for (let y = top; y < bottom; y++)
    for (let x = left; x < right; x++)
      if ((image.ink[y * image.width + x] ?? 0) > 0.5) {
        x0 = Math.min(x0, x);
        y0 = Math.min(y0, y);
        x1 = Math.max(x1, x + 1);
        y1 = Math.max(y1, y + 1);
      }
  const out = new Float32Array(GRID * GRID);
  if (x1 <= x0 || y1 <= y0) return out;
  for (let gy = 0; gy < GRID; gy++)
    for (let gx = 0; gx < GRID; gx++) {
      const sx0 = x0 + ((x1 - x0) * gx) / GRID;
      const sx1 = x0 + ((x1 - x0) * (gx + 1)) / GRID;
      const sy0 = y0 + ((y1 - y0) * gy) / GRID;
      const sy1 = y0 + ((y1 - y0) * (gy + 1)) / GRID;
      let sum = 0;
      let n = 0;
      for (let y = Math.floor(sy0); y < Math.max(Math.floor(sy0) + 1, Math.ceil(sy1)); y++)
        for (let x = Math.floor(sx0); x < Math.max(Math.floor(sx0) + 1, Math.ceil(sx1)); x++) {
          sum += image.ink[y * image.width + x] ?? 0;
          n++;
        }
      out[gy * GRID + gx] = sum / n;
    }
  return out;
}

function distance(a: Float32Array, b: Float32Array): number {
  let d = 0;
  for (let i = 0; i < a.length; i++) d += ((a[i] ?? 0) - (b[i] ?? 0)) ** 2;
  return d;
}

export interface Reference {
  label: string;
  size: number;
  signature: Float32Array;
}

function fontBase64(file: string): string {
  return readFileSync(require.resolve(`@expo-google-fonts/noto-sans-sc/${file}`)).toString('base64');
}

/** A character the font has no glyph for, so jsPDF draws the font's .notdef in its place. */
function characterTheFontLacks(): string {
  const cmap = cmapCodePoints(
    new Uint8Array(
      readFileSync(require.resolve('@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf')),
    ),
  );
  for (const candidate of ['அ', 'ก', 'ᚠ', 'ሀ'])
    if (!cmap.has(candidate.codePointAt(0) ?? 0)) return candidate;
  throw new Error('no known-missing character found');
}

/**
 * Reference drawings of `characters`, □ and .notdef at each of `sizes`, in both weights, rendered to a
 * PDF of their own and rasterised with the same pdftoppm settings as the document under test.
 */
export async function references(
  characters: string[],
  sizes: number[],
  prefix: string,
): Promise<Reference[]> {
  const doc = new jsPDF({ unit: 'pt', format: 'a4' });
  doc.addFileToVFS('r.ttf', fontBase64('400Regular/NotoSansSC_400Regular.ttf'));
  doc.addFont('r.ttf', 'Noto', 'normal');
  doc.addFileToVFS('b.ttf', fontBase64('700Bold/NotoSansSC_700Bold.ttf'));
  doc.addFont('b.ttf', 'Noto', 'bold');
  const missing = characterTheFontLacks();
  const entries = [
    ...characters.map((c) => ({ label: c, text: c })),
    { label: FALLBACK_BOX, text: '□' },
    { label: MISSING_GLYPH, text: missing },
  ];
  const placed: Array<{ label: string; size: number; x: number; y: number }> = [];
  let y = 20;
  for (const size of sizes)
    for (const weight of ['normal', 'bold'] as const) {
      doc.setFont('Noto', weight);
      doc.setFontSize(size);
      entries.forEach((entry, i) => {
        const x = 20 + i * size * 1.5;
        doc.text(entry.text, x, y, { baseline: 'top' });
        placed.push({ label: entry.label, size, x, y });
      });
      y += size * 2;
    }
  const path = `${prefix}.pdf`;
  writeFileSync(path, Buffer.from(doc.output('arraybuffer')));
  const image = await renderPage(path, 1, prefix);
  return placed.map((p) => ({
    label: p.label,
    size: p.size,
    signature: signature(image, { x: p.x, y: p.y, width: p.size, height: p.size * 1.45 }),
  }));
}

/** The label of the reference (of the cell's size) nearest to the cell's drawing. */
export function nearest(cellSignature: Float32Array, size: number, refs: Reference[]): string {
  let best = { label: '', d: Number.POSITIVE_INFINITY };
  for (const ref of refs) {
    if (Math.abs(ref.size - size) > 0.01) continue;
    const d = distance(cellSignature, ref.signature);
    if (d < best.d) best = { label: ref.label, d };
  }
  return best.label;
}
