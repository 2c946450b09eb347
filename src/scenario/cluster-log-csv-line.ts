/**
 * One line of a telemetry CSV → its fields, trimmed. Telemetry files rarely quote anything, so a line
 * without a quote mark is split directly; a quoted field (a GPU name with a comma) is read as CSV
 * reads it, a doubled quote standing for one.
 */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) return line.split(',').map((f) => f.trim());
  const fields: string[] = [];
  let field = '';
  let inQuotes = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (inQuotes) {
      if (c === '"' && line[i + 1] === '"') {
        field += '"';
        i++;
      } else if (c === '"') inQuotes = false;
      else field += c;
    } else if (c === '"') inQuotes = true;
    else if (c === ',') {
      fields.push(field.trim());
      field = '';
    } else field += c;
  }
  fields.push(field.trim());
  return fields;
}
