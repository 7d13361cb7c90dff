import { parquetReadObjects } from 'hyparquet';
import type { CatalogColumn, CatalogTable, ColumnType } from '../../catalog/types';
import { parseCsv } from '../../engine/parse-csv';

/** Columns and a profile of a fetched CSV or parquet file, as a catalog entry of a user-added table. */
export async function profileDataset(
  name: string,
  url: string,
  format: 'csv' | 'parquet',
  bytes: Uint8Array,
): Promise<CatalogTable> {
  const rows = format === 'csv' ? csvRows(new TextDecoder().decode(bytes)) : await readParquetRows(bytes);
  const names = rows.length > 0 || format === 'csv' ? Object.keys(rows[0] ?? {}) : [];
  const columns = names.map((column) =>
    profileColumn(
      column,
      rows.map((row) => row[column]),
    ),
  );
  const lon = names.find((column) => ['lon', 'longitude'].includes(column.toLowerCase()));
  const lat = names.find((column) => ['lat', 'latitude'].includes(column.toLowerCase()));
  const table: CatalogTable = {
    name,
    title: `${name} (added from ${url})`,
    row_meaning: 'one row of the added file',
    description: `A ${format.toUpperCase()} file added by the user from ${url} in this session.`,
    rows: rows.length,
    files: [],
    partition_by: [],
    sort_by: [],
    columns,
    attribution: url,
    licence: 'unknown: check the source before sharing',
    citation: url,
    caveats: [
      'Added by the user from a URL: not eBird data unless the source says so; column meanings are unknown.',
    ],
    simulated: false,
  };
  if (lon && lat) table.geometry = { kind: 'lonlat', lon, lat };
  return table;
}

async function readParquetRows(bytes: Uint8Array): Promise<Record<string, unknown>[]> {
  const file = bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;
  return (await parquetReadObjects({ file })) as Record<string, unknown>[];
}

/** CSV rows as objects, parsed by the engine's own reader so the profile matches what is inserted. */
function csvRows(text: string): Record<string, string | null>[] {
  const { header, records } = parseCsv(text);
  return records.map((record) =>
    Object.fromEntries(header.map((column, index) => [column, record[index] ?? null])),
  );
}

function profileColumn(name: string, values: unknown[]): CatalogColumn {
  const present = values.filter((value) => value !== null && value !== undefined);
  const type = inferType(present);
  const typed = present.map((value) =>
    type === 'DOUBLE' || type === 'INTEGER' || type === 'BIGINT'
      ? Number(value)
      : type === 'BOOLEAN'
        ? String(value).toLowerCase() === 'true'
        : String(value),
  );
  const distinct = [...new Set(typed.map(String))];
  const sortable = typed as (number | string)[];
  const column: CatalogColumn = {
    name,
    type,
    meaning: `Column '${name}' of the added file (meaning not documented).`,
    examples: [...new Set(typed)].slice(0, 5),
    distinct: distinct.length,
    null_fraction: values.length === 0 ? 0 : (values.length - present.length) / values.length,
  };
  if (type !== 'BOOLEAN' && sortable.length > 0) {
    // Strings and numbers alike (Math.min would coerce strings), so biome's useMathMinMax does not apply.
    // biome-ignore lint/complexity/useMathMinMax: values may be strings
    column.min = sortable.reduce((a, b) => (b < a ? b : a));
    // biome-ignore lint/complexity/useMathMinMax: values may be strings
    column.max = sortable.reduce((a, b) => (b > a ? b : a));
  }
  return column;
}

function inferType(values: unknown[]): ColumnType {
  if (values.length === 0) return 'VARCHAR';
  if (
    values.every(
      (value) =>
        typeof value === 'bigint' ||
        (typeof value === 'number' && Number.isInteger(value)) ||
        (typeof value === 'string' && /^-?\d{1,15}$/.test(value)),
    )
  )
    return 'INTEGER';
  if (
    values.every(
      (value) =>
        typeof value === 'number' ||
        (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))),
    )
  )
    return 'DOUBLE';
  if (
    values.every(
      (value) => typeof value === 'boolean' || (typeof value === 'string' && /^(true|false)$/i.test(value)),
    )
  )
    return 'BOOLEAN';
  if (values.every((value) => typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value))) return 'DATE';
  return 'VARCHAR';
}
