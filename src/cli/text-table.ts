/**
 * Plain-text tables for a terminal: columns padded to their widest cell, numbers right-aligned. Chinese
 * characters take two columns in a terminal, so widths count them twice.
 */
export function textTable(
  rows: readonly (readonly string[])[],
  rightAligned: (column: number) => boolean,
): string {
  const widths: number[] = [];
  for (const row of rows)
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, displayWidth(cell));
    });
  return rows
    .map((row) =>
      row
        .map((cell, i) => {
          const pad = ' '.repeat((widths[i] ?? 0) - displayWidth(cell));
          return rightAligned(i) ? pad + cell : cell + pad;
        })
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
}

/** Terminal columns of a text: East Asian wide and full-width characters count two. */
export function displayWidth(text: string): number {
  let width = 0;
  for (const ch of text)
    width +=
      /[\u1100-\u115f\u2e80-\ua4cf\uac00-\ud7a3\uf900-\ufaff\ufe30-\ufe4f\uff00-\uff60\uffe0-\uffe6]/u.test(
        ch,
      )
        ? 2
        : 1;
  return width;
}

/** One CSV field: quoted when it holds a comma, a quote or a line break (RFC 4180). */
export function csvField(value: string | number | null): string {
  if (value === null) return '';
  const text = typeof value === 'number' ? String(value) : value;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function csvLines(rows: readonly (readonly (string | number | null)[])[]): string {
  return `${rows.map((row) => row.map(csvField).join(',')).join('\n')}\n`;
}
