/**
 * FNV-1a, 32 bits, over the text's UTF-16 code units, as 8 hex digits. Not a checksum against an
 * attacker: it tells whether what the browser gives back is what was written (every stored write is
 * read back and compared, issue 36), and whether two backups hold the same data. Small on purpose:
 * no package, the same result in every browser and in Node.
 */
export function textHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    hash ^= text.charCodeAt(i);
    // × the FNV prime 16777619 (2^24 + 403), kept to 32 bits.
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(16).padStart(8, '0');
}
