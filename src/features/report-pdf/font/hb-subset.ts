/**
 * HarfBuzz's font subsetter (harfbuzzjs's `harfbuzz-subset.wasm`, a standalone WebAssembly module
 * with no imports) behind one call: the TrueType bytes of a font cut down to the glyphs of some code
 * points. The same calls subset-font makes at build time, without its Node-only file reading. A face
 * is created once per font and kept, so a second export subsets without copying 10 MB again.
 */

/** The C functions of hb-subset this file calls (pointers and handles are numbers in wasm memory). */
interface HbExports {
  memory: WebAssembly.Memory;
  _initialize(): void;
  malloc(bytes: number): number;
  free(pointer: number): void;
  hb_blob_create(data: number, length: number, mode: number, userData: number, destroy: number): number;
  hb_blob_destroy(blob: number): void;
  hb_blob_get_data(blob: number, length: number): number;
  hb_blob_get_length(blob: number): number;
  hb_face_create(blob: number, index: number): number;
  hb_face_destroy(face: number): void;
  hb_face_reference_blob(face: number): number;
  hb_set_add(set: number, codePoint: number): void;
  hb_subset_input_create_or_fail(): number;
  hb_subset_input_unicode_set(input: number): number;
  hb_subset_input_destroy(input: number): void;
  hb_subset_or_fail(face: number, input: number): number;
}

// hb_memory_mode_t: HarfBuzz may use the bytes in place (they are ours, copied into wasm memory).
const HB_MEMORY_MODE_WRITABLE = 2;

export interface FontSubsetter {
  /** A font the subsetter keeps in its memory; returns a handle for `subset`. */
  addFont(bytes: Uint8Array): number;
  /** The font's glyphs for `codePoints` (and what layout needs with them), as TrueType bytes. */
  subset(font: number, codePoints: Iterable<number>): Uint8Array;
}

export async function createFontSubsetter(wasm: ArrayBuffer): Promise<FontSubsetter> {
  const { instance } = await WebAssembly.instantiate(wasm, {});
  const hb = instance.exports as unknown as HbExports;
  hb._initialize();
  // Memory can grow while subsetting, which detaches earlier views: take a fresh one at each use.
  const heap = () => new Uint8Array(hb.memory.buffer);

  return {
    addFont(bytes) {
      const pointer = hb.malloc(bytes.byteLength);
      if (pointer === 0) throw new Error('font subsetter: out of memory');
      heap().set(bytes, pointer);
      const blob = hb.hb_blob_create(pointer, bytes.byteLength, HB_MEMORY_MODE_WRITABLE, 0, 0);
      const face = hb.hb_face_create(blob, 0);
      hb.hb_blob_destroy(blob);
      return face;
    },
    subset(face, codePoints) {
      const input = hb.hb_subset_input_create_or_fail();
      if (input === 0) throw new Error('font subsetter: no input');
      let result = 0;
      try {
        const unicodes = hb.hb_subset_input_unicode_set(input);
        for (const codePoint of codePoints) hb.hb_set_add(unicodes, codePoint);
        result = hb.hb_subset_or_fail(face, input);
      } finally {
        hb.hb_subset_input_destroy(input);
      }
      if (result === 0) throw new Error('font subsetter: the font could not be subset');
      const blob = hb.hb_face_reference_blob(result);
      try {
        const data = hb.hb_blob_get_data(blob, 0);
        const length = hb.hb_blob_get_length(blob);
        if (length === 0) throw new Error('font subsetter: empty subset');
        return heap().slice(data, data + length);
      } finally {
        hb.hb_blob_destroy(blob);
        hb.hb_face_destroy(result);
      }
    },
  };
}
