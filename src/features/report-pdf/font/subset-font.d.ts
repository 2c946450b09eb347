// subset-font ships no types; this is the part of its API the build step uses.
declare module 'subset-font' {
  interface SubsetOptions {
    targetFormat?: 'truetype' | 'woff' | 'woff2' | 'sfnt';
    preserveNameIds?: number[];
    variationAxes?: Record<string, number | { min: number; max: number; default?: number }>;
  }
  export default function subsetFont(
    font: Uint8Array,
    text: string,
    options?: SubsetOptions,
  ): Promise<Buffer>;
}
