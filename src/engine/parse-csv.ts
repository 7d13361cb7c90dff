/**
 * RFC 4180 CSV → header and records, for tables a session adds from bytes. DuckDB-WASM's own CSV
 * reader only sees files registered before the lock; after it, registered files are refused with
 * "Permission Error" (PLATFORM.md), so the engine parses CSV itself.
 *
 * Fields are separated by `,`, records by CRLF, LF or CR. A field in double quotes may hold commas,
 * line breaks and `""` (one quote). An unquoted empty field is `null` (SQL NULL); a quoted empty
 * field `""` is the empty string. A leading byte-order mark is dropped, blank lines are skipped.
 * Lenient where RFC 4180 is silent: a quote inside an unquoted field is kept as a character.
 */
export interface CsvRecords {
  header: string[];
  records: (string | null)[][];
}

export type CsvField = string | null;

export function parseCsv(text: string): CsvRecords {
  const source = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  const all: CsvField[][] = [];
  let record: CsvField[] = [];
  let index = 0;
  const length = source.length;
  let atRecordStart = true;
  while (index <= length) {
    if (atRecordStart && index === length) break;
    atRecordStart = false;
    let field: CsvField;
    if (source[index] === '"') {
      const parts: string[] = [];
      let from = index + 1;
      for (;;) {
        const quote = source.indexOf('"', from);
        if (quote === -1)
          throw new Error(`unclosed quote in the field that starts at record ${all.length + 1}`);
        parts.push(source.slice(from, quote));
        if (source[quote + 1] === '"') {
          parts.push('"');
          from = quote + 2;
          continue;
        }
        index = quote + 1;
        break;
      }
      // Text after a closing quote and before the separator is kept (lenient, as most readers are).
      const end = fieldEnd(source, index);
      if (end > index) parts.push(source.slice(index, end));
      index = end;
      field = parts.join('');
    } else {
      const end = fieldEnd(source, index);
      field = end === index ? null : source.slice(index, end);
      index = end;
    }
    record.push(field);
    const separator = source[index];
    if (separator === ',') {
      index++;
      continue;
    }
    // End of record: CRLF, LF, CR or end of text.
    index += separator === '\r' && source[index + 1] === '\n' ? 2 : 1;
    if (!(record.length === 1 && record[0] === null)) all.push(record);
    record = [];
    atRecordStart = true;
  }
  const [header = [], ...records] = all;
  return { header: header.map((name) => name ?? ''), records };
}

/** Index of the first `,`, `\r` or `\n` at or after `from` (or the text's length). */
function fieldEnd(text: string, from: number): number {
  for (let index = from; index < text.length; index++) {
    const code = text.charCodeAt(index);
    if (code === 44 || code === 10 || code === 13) return index;
  }
  return text.length;
}
