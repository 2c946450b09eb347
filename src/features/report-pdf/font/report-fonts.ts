/**
 * The PDF's fonts, made at export time for exactly the characters it prints. The build ships the
 * full Noto Sans SC (regular and bold, ≈10 MB each, from the @expo-google-fonts package) and
 * HarfBuzz's subsetter as WebAssembly (harfbuzzjs) as plain assets of the build (in the one-file
 * build, inside the page: see asset-bytes.ts): nothing is fetched from another host, and nothing of
 * it loads until a PDF is exported (or its dialog is opened, to list what cannot be printed). Each export subsets both weights to the report's own characters —
 * the app's strings and whatever the user typed, in any language the font covers — and hands jsPDF
 * those few hundred kB, not the whole font.
 */

import regularUrl from '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf?url';
import boldUrl from '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf?url';
import subsetterUrl from 'harfbuzzjs/dist/harfbuzz-subset.wasm?url';
import { assetBytes } from './asset-bytes';
import { cmapCodePoints } from './cmap';
import { createFontSubsetter } from './hb-subset';
import { type Coverage, FALLBACK_CHARACTER, textsOf, unprintableCharacters } from './printable';

export interface ReportFonts {
  /** What both weights can draw. */
  coverage: Coverage;
  /** The characters of every string in `value` (a scenario, the dialog's fields) that print as □. */
  unprintableIn(value: unknown): string[];
  /** Both weights cut down to `characters` (those the fonts lack are skipped), base64 for jsPDF. */
  subset(characters: Iterable<string>): { regular: string; bold: string };
}

function base64(bytes: Uint8Array): string {
  // btoa takes a binary string; build it in chunks (spreading 200 kB into one call overflows the stack).
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

/** Printable ASCII is always kept: page numbers, links and the layout's own marks need it. */
const ALWAYS = `${Array.from({ length: 0x7e - 0x20 + 1 }, (_, i) => String.fromCharCode(0x20 + i)).join('')}•${FALLBACK_CHARACTER}`;

async function load(): Promise<ReportFonts> {
  const [wasm, regularBytes, boldBytes] = await Promise.all([
    assetBytes(subsetterUrl),
    assetBytes(regularUrl),
    assetBytes(boldUrl),
  ]);
  const regular = new Uint8Array(regularBytes);
  const bold = new Uint8Array(boldBytes);
  const boldCodePoints = cmapCodePoints(bold);
  const coverage = new Set([...cmapCodePoints(regular)].filter((c) => boldCodePoints.has(c)));
  const subsetter = await createFontSubsetter(wasm);
  const faces = { regular: subsetter.addFont(regular), bold: subsetter.addFont(bold) };
  return {
    coverage,
    unprintableIn: (value) => unprintableCharacters(textsOf(value), coverage),
    subset(characters) {
      const codePoints = new Set<number>();
      for (const text of [ALWAYS, ...characters])
        for (const character of text) {
          const codePoint = character.codePointAt(0) ?? 0;
          if (coverage.has(codePoint)) codePoints.add(codePoint);
        }
      return {
        regular: base64(subsetter.subset(faces.regular, codePoints)),
        bold: base64(subsetter.subset(faces.bold, codePoints)),
      };
    },
  };
}

let loading: Promise<ReportFonts> | null = null;

/** Loaded once per page: later exports only subset. A failed load is tried again next time. */
export function loadReportFonts(): Promise<ReportFonts> {
  loading ??= load();
  loading.catch(() => {
    loading = null;
  });
  return loading;
}
