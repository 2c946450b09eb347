/**
 * Build-time font subset for the PDF report (Node only; never part of the app bundle).
 *
 * jsPDF's standard fonts have no CJK glyphs, and a glyph missing from the embedded font vanishes from
 * the PDF without an error (TOOLCHAIN.md). So the report embeds Noto Sans SC, cut down with hb-subset
 * (subset-font) to every character the app can print: all i18n strings of every namespace in both
 * languages, the preset names, the parameter sources, and what Intl adds around numbers and dates.
 * The full TTF is ≈10 MB per weight; the subset is a few hundred kB and loads only on export.
 */
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, resolve } from 'node:path';
import subsetFont from 'subset-font';
import type { ParameterMeta, Scenario } from '../../../engine';

export const FONT_WEIGHTS = ['regular', 'bold'] as const;
export type FontWeight = (typeof FONT_WEIGHTS)[number];

const SOURCE_FILES: Record<FontWeight, string> = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
};

/**
 * Characters that reach the PDF without being in an i18n string: Intl's currency, percent, compact
 * (万/亿) and date output in both locales, typographic punctuation, and the full-width punctuation a
 * Chinese scenario name may contain.
 */
export const EXTRA_CHARACTERS = [
  '¥$€£%‰+−-–—×÷≈≤≥±→←↑↓·•…°′″№',
  '\u00a0\u202f\u2009',
  '万亿兆千百十个',
  '年月日时分秒周星期一二三四五六七八九零〇上午下午',
  '，。、：；！？（）《》〈〉「」『』【】“”‘’·—…～￥％＋－＝／',
  '□',
].join('');

/** Printable ASCII (space to tilde): digits, Latin letters and the symbols of share links. */
const ASCII = Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('');

function collectStrings(value: unknown, out: string[]): void {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) collectStrings(v, out);
  else if (value !== null && typeof value === 'object')
    for (const v of Object.values(value)) collectStrings(v, out);
}

function jsonFilesUnder(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir).sort()) {
    const path = join(dir, entry);
    if (statSync(path).isDirectory()) out.push(...jsonFilesUnder(path));
    else if (entry.endsWith('.json')) out.push(path);
  }
  return out;
}

/** Every string of every JSON file under src/i18n (so a new namespace is covered without a change here). */
export function i18nStrings(root: string): string[] {
  const out: string[] = [];
  for (const file of jsonFilesUnder(join(root, 'src/i18n')))
    collectStrings(JSON.parse(readFileSync(file, 'utf8')), out);
  return out;
}

/** What the engine itself can print: preset names, the defaults' sources and the GPU catalogue. */
export interface EngineTexts {
  presets: Record<string, Pick<Scenario, 'name'>>;
  PARAMETERS: readonly Pick<ParameterMeta, 'source'>[];
  /** The GPU catalogue: model names and each figure's source (the hardware block prints them). */
  GPU_MODELS: readonly unknown[];
}

/**
 * The engine module, loaded the way the caller can: vitest imports TypeScript directly; the Vite
 * plugin passes a loader that uses Vite's own module runner, so vite.config.ts need not import the
 * engine's sources (which Vite's native config loader cannot read).
 */
export type EngineLoader = () => Promise<EngineTexts>;

/** The sorted, de-duplicated characters the subset must contain. */
export function subsetCharacters(root: string, engine: EngineTexts): string {
  const parts = [
    ASCII,
    EXTRA_CHARACTERS,
    ...i18nStrings(root),
    ...Object.values(engine.presets).map((s) => s.name),
    ...engine.PARAMETERS.map((m) => m.source),
  ];
  collectStrings(engine.GPU_MODELS, parts);
  const chars = new Set<string>();
  for (const part of parts) for (const ch of part) if (ch >= ' ') chars.add(ch);
  return [...chars].sort().join('');
}

function sourceFontPath(root: string, weight: FontWeight): string {
  return createRequire(join(root, 'package.json')).resolve(SOURCE_FILES[weight]);
}

export interface SubsetFiles {
  /** Absolute paths of the subset TTFs, one per weight. */
  files: Record<FontWeight, string>;
  characters: string;
}

/**
 * Writes the subset TTFs into node_modules/.cache/report-font, named by a hash of the characters and
 * the source fonts, so an unchanged text set reuses the files (subsetting takes ≈0.3 s per weight).
 */
export async function buildFontSubsets(root: string, loadEngine: EngineLoader): Promise<SubsetFiles> {
  const characters = subsetCharacters(root, await loadEngine());
  const cacheDir = resolve(root, 'node_modules/.cache/report-font');
  mkdirSync(cacheDir, { recursive: true });
  const files = {} as Record<FontWeight, string>;
  for (const weight of FONT_WEIGHTS) {
    const source = readFileSync(sourceFontPath(root, weight));
    const hash = createHash('sha256').update(characters).update(source).digest('hex').slice(0, 12);
    const file = join(cacheDir, `noto-sans-sc-${weight}-${hash}.ttf`);
    if (!existsSync(file))
      writeFileSync(file, await subsetFont(source, characters, { targetFormat: 'truetype' }));
    files[weight] = file;
  }
  return { files, characters };
}
