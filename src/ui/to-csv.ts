/**
 * RFC 4180 CSV: fields with a comma, quote or line break are quoted, quotes doubled; NULL is an
 * empty field. Text starting with = + - @ gets a leading apostrophe so a spreadsheet does not run
 * it as a formula (a region name or model-written label could carry one); numbers are untouched.
 */
export type CsvValue = string | number | bigint | boolean | null | undefined | Date;

export function toCsv(header: readonly string[], rows: Iterable<readonly CsvValue[]>): string {
  const lines = [header.map(csvField).join(',')];
  for (const row of rows) lines.push(row.map(csvField).join(','));
  return `${lines.join('\r\n')}\r\n`;
}

export function csvField(value: CsvValue): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isNaN(value) ? '' : String(value);
  if (typeof value === 'bigint' || typeof value === 'boolean') return String(value);
  let text = value instanceof Date ? value.toISOString().slice(0, 10) : value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}
