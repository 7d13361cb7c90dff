import * as arrow from 'apache-arrow';

/** A JSON-safe cell of a preview row. */
export type PreviewValue =
  | string
  | number
  | boolean
  | null
  | PreviewValue[]
  | { [key: string]: PreviewValue };

/**
 * The first `n` rows of an Arrow result as JSON-safe objects, for the model and small tables.
 * Every awkward type is converted on purpose, never by JSON.stringify's accident:
 *  - NULL → null; float NaN → "NaN" and ±Infinity → "Infinity"/"-Infinity" (strings, so a NaN
 *    can never be read as NULL: NULL means "not modelled", NaN is a computed value);
 *  - BIGINT → number when it is a safe integer, else its exact decimal string;
 *  - DECIMAL → number when it has at most 15 significant digits, else its exact string;
 *  - DATE → "YYYY-MM-DD"; TIMESTAMP → "YYYY-MM-DD HH:MM:SS[.fff]" (with "Z" when the type has a zone);
 *  - lists and structs → arrays and objects of converted values.
 * Large results stay columnar (`QueryResult.table`); this is only for previews.
 */
export function previewRows(table: arrow.Table, n: number): Record<string, PreviewValue>[] {
  const count = Math.max(0, Math.min(n, table.numRows));
  const columns = table.schema.fields.map((field, index) => ({
    name: field.name,
    type: field.type,
    vector: table.getChildAt(index)!,
  }));
  const rows: Record<string, PreviewValue>[] = [];
  for (let row = 0; row < count; row++) {
    const record: Record<string, PreviewValue> = {};
    for (const column of columns) record[column.name] = previewValue(column.type, column.vector.get(row));
    rows.push(record);
  }
  return rows;
}

export function previewValue(type: arrow.DataType, value: unknown): PreviewValue {
  if (value === null || value === undefined) return null;
  switch (type.typeId) {
    case arrow.Type.Float:
      return finiteOrWord(value as number);
    case arrow.Type.Int:
      return typeof value === 'bigint' ? bigintValue(value) : (value as number);
    case arrow.Type.Decimal:
      return decimalValue(value as Uint32Array, (type as arrow.Decimal).scale);
    case arrow.Type.Date:
      return new Date(value as number).toISOString().slice(0, 10);
    case arrow.Type.Timestamp:
      return timestampValue(value as number, (type as arrow.Timestamp).timezone);
    case arrow.Type.Bool:
      return Boolean(value);
    case arrow.Type.Utf8:
    case arrow.Type.LargeUtf8:
      return value as string;
    case arrow.Type.List:
    case arrow.Type.FixedSizeList: {
      const child = (type as arrow.List).children[0].type;
      return Array.from(value as Iterable<unknown>, (item) => previewValue(child, item));
    }
    case arrow.Type.Struct: {
      const out: Record<string, PreviewValue> = {};
      for (const field of (type as arrow.Struct).children)
        out[field.name] = previewValue(field.type, (value as Record<string, unknown>)[field.name]);
      return out;
    }
    default:
      return typeof value === 'bigint' ? bigintValue(value) : String(value);
  }
}

function finiteOrWord(value: number): number | string {
  if (Number.isNaN(value)) return 'NaN';
  if (value === Infinity) return 'Infinity';
  if (value === -Infinity) return '-Infinity';
  return value;
}

function bigintValue(value: bigint): number | string {
  const asNumber = Number(value);
  return Number.isSafeInteger(asNumber) ? asNumber : value.toString();
}

function decimalValue(words: Uint32Array, scale: number): number | string {
  const digits = arrow.util.bigNumToString(arrow.util.BN.new(words, true) as never);
  const negative = digits.startsWith('-');
  const unsigned = (negative ? digits.slice(1) : digits).padStart(scale + 1, '0');
  const text = `${negative ? '-' : ''}${scale > 0 ? `${unsigned.slice(0, -scale)}.${unsigned.slice(-scale)}` : unsigned}`;
  const significant = unsigned.replace(/^0+/, '').length;
  return significant <= 15 ? Number(text) : text;
}

function timestampValue(millis: number, timezone: string | null | undefined): string {
  const iso = new Date(millis).toISOString(); // YYYY-MM-DDTHH:MM:SS.fffZ
  const withoutZone =
    iso.slice(0, 19).replace('T', ' ') + (iso.slice(20, 23) === '000' ? '' : iso.slice(19, 23));
  return timezone ? `${withoutZone}Z` : withoutZone;
}
