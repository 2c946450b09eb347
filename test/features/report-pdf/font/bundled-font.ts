import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** The full Noto Sans SC files the build ships for the PDF, read from their npm package. */
export const FONT_FILES = {
  regular: '@expo-google-fonts/noto-sans-sc/400Regular/NotoSansSC_400Regular.ttf',
  bold: '@expo-google-fonts/noto-sans-sc/700Bold/NotoSansSC_700Bold.ttf',
} as const;

export function fontBytes(weight: keyof typeof FONT_FILES): Uint8Array {
  return new Uint8Array(readFileSync(require.resolve(FONT_FILES[weight])));
}

/** HarfBuzz's subsetter as the build ships it. */
export function subsetterWasm(): ArrayBuffer {
  const bytes = readFileSync(require.resolve('harfbuzzjs/dist/harfbuzz-subset.wasm'));
  return bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
}
