/**
 * Reads the Unicode code points a TrueType font maps to glyphs, straight from its `cmap` table
 * (formats 4 and 12). The PDF export asks the font itself what it can draw (HarfBuzz's subsetter
 * build has no call for it), and the tests check the bytes that get embedded with the same reader.
 */
export function cmapCodePoints(font: Uint8Array): Set<number> {
  const view = new DataView(font.buffer, font.byteOffset, font.byteLength);
  const numTables = view.getUint16(4);
  let cmapOffset = -1;
  for (let i = 0; i < numTables; i++) {
    const record = 12 + i * 16;
    const tag = String.fromCharCode(...font.subarray(record, record + 4));
    if (tag === 'cmap') cmapOffset = view.getUint32(record + 8);
  }
  if (cmapOffset < 0) throw new Error('font has no cmap table');
  const out = new Set<number>();
  const subtables = view.getUint16(cmapOffset + 2);
  for (let i = 0; i < subtables; i++) {
    const offset = cmapOffset + view.getUint32(cmapOffset + 4 + i * 8 + 4);
    const format = view.getUint16(offset);
    if (format === 4) readFormat4(view, offset, out);
    else if (format === 12) readFormat12(view, offset, out);
  }
  return out;
}

function readFormat4(view: DataView, offset: number, out: Set<number>): void {
  const segCount = view.getUint16(offset + 6) / 2;
  const ends = offset + 14;
  const starts = ends + segCount * 2 + 2;
  const deltas = starts + segCount * 2;
  const rangeOffsets = deltas + segCount * 2;
  for (let s = 0; s < segCount; s++) {
    const end = view.getUint16(ends + s * 2);
    const start = view.getUint16(starts + s * 2);
    const delta = view.getInt16(deltas + s * 2);
    const rangeOffset = view.getUint16(rangeOffsets + s * 2);
    for (let c = start; c <= end && c !== 0xffff; c++) {
      let glyph: number;
      if (rangeOffset === 0) glyph = (c + delta) & 0xffff;
      else {
        const at = rangeOffsets + s * 2 + rangeOffset + (c - start) * 2;
        const raw = view.getUint16(at);
        glyph = raw === 0 ? 0 : (raw + delta) & 0xffff;
      }
      if (glyph !== 0) out.add(c);
    }
  }
}

function readFormat12(view: DataView, offset: number, out: Set<number>): void {
  const groups = view.getUint32(offset + 12);
  for (let g = 0; g < groups; g++) {
    const at = offset + 16 + g * 12;
    const start = view.getUint32(at);
    const end = view.getUint32(at + 4);
    const glyph = view.getUint32(at + 8);
    for (let c = start; c <= end; c++) if (glyph + (c - start) !== 0) out.add(c);
  }
}
