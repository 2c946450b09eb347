/**
 * One line of a telemetry CSV → its fields, trimmed. Telemetry files rarely quote anything, so a line
 * without a quote mark is split directly; a quoted field (a GPU name with a comma) is read as CSV
 * reads it, a doubled quote standing for one.
 */
export function splitCsvLine(line: string): string[] {
  if (!line.includes('"')) {
    // Trimmed in place: no second array per line.
    const fields = line.split(',');
    for (let i = 0; i < fields.length; i++) fields[i] = (fields[i] as string).trim();
    return fields;
  }
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

/**
 * The fields of one telemetry line at a time, as splitCsvLine gives them, cutting out only the fields
 * asked for (issue 36: a 50 MB log is a million lines, and a line's every field cut and trimmed was
 * most of the reading). A quoted line is split by splitCsvLine.
 */
export interface CsvFieldReader {
  /** Reads a line; returns how many fields it has. */
  read(line: string): number;
  /** Field `i` of the line read last, trimmed ('' past its end). */
  field(i: number): string;
}

export function createCsvFieldReader(): CsvFieldReader {
  let text = '';
  let quoted: string[] | null = null;
  /** Where each field starts; a field ends one before the next one's start (the comma). */
  let starts = new Int32Array(16);
  let count = 0;
  return {
    read(line) {
      text = line;
      if (line.includes('"')) {
        quoted = splitCsvLine(line);
        count = quoted.length;
        return count;
      }
      quoted = null;
      count = 1;
      starts[0] = 0;
      for (let at = line.indexOf(','); at >= 0; at = line.indexOf(',', at + 1)) {
        if (count >= starts.length) {
          const grown = new Int32Array(starts.length * 2);
          grown.set(starts);
          starts = grown;
        }
        starts[count++] = at + 1;
      }
      return count;
    },
    field(i) {
      if (quoted !== null) return quoted[i] ?? '';
      if (i < 0 || i >= count) return '';
      let from = starts[i] as number;
      let to = i + 1 < count ? (starts[i + 1] as number) - 1 : text.length;
      while (from < to && text.charCodeAt(from) === 32) from++;
      while (to > from && text.charCodeAt(to - 1) === 32) to--;
      const field = text.slice(from, to);
      // Other white space at either end (a tab, a no-break space): trim as splitCsvLine does.
      return field.length > 0 && (edge(field.charCodeAt(0)) || edge(field.charCodeAt(field.length - 1)))
        ? field.trim()
        : field;
    },
  };
}

/** A character String.prototype.trim might remove (control characters, and anything not ASCII). */
function edge(code: number): boolean {
  return code <= 32 || code >= 127;
}
