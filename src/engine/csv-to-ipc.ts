import * as arrow from 'apache-arrow';
import type { ColumnType } from '../catalog/types';
import { toVector, type ColumnKind } from './arrow-columns';
import { parseCsv, type CsvField } from './parse-csv';

/**
 * CSV bytes → Arrow IPC streams with a type per column, inferred from every non-NULL value:
 * INTEGER (fits 32 bits), BIGINT (fits 64), DOUBLE (decimals, exponents, NaN/Infinity beside real
 * numbers), BOOLEAN (true/false, any case), DATE (valid YYYY-MM-DD), else VARCHAR. Digit strings
 * with a leading zero (`007`, ZIP codes) stay text: a number would drop the zeros. Empty fields
 * are NULL; for typed columns a quoted empty `""` is NULL too, for text it stays ''.
 */
export interface CsvIpc {
  batches: Uint8Array[];
  rows: number;
  columns: { name: string; type: ColumnType }[];
}

type CsvType = Extract<ColumnType, 'INTEGER' | 'BIGINT' | 'DOUBLE' | 'BOOLEAN' | 'DATE' | 'VARCHAR'>;

/** Rows per IPC stream, so a 50 MB file never becomes one giant Arrow buffer. */
const BATCH_ROWS = 100_000;

const INTEGER = /^[+-]?(0|[1-9]\d*)$/;
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;
const SPECIAL_DOUBLE = /^([+-]?(inf|infinity)|nan)$/i;
const BOOLEAN = /^(true|false)$/i;
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const INT32 = { min: -(2n ** 31n), max: 2n ** 31n - 1n };
const INT64 = { min: -(2n ** 63n), max: 2n ** 63n - 1n };

const KIND: Record<CsvType, ColumnKind> = {
  INTEGER: 'int32',
  BIGINT: 'int64',
  DOUBLE: 'float64',
  BOOLEAN: 'bool',
  DATE: 'date',
  VARCHAR: 'utf8',
};

export function csvToIpc(bytes: Uint8Array): CsvIpc {
  const { header, records } = parseCsv(new TextDecoder('utf-8').decode(bytes));
  if (header.length === 0) throw new Error('the CSV has no header row');
  const names = uniqueNames(header);
  for (const [index, record] of records.entries()) {
    if (record.length > names.length)
      throw new Error(`record ${index + 2} has ${record.length} fields but the header has ${names.length}`);
  }
  const columns = names.map((name, column) => ({ name, type: inferType(records, column) }));
  const batches: Uint8Array[] = [];
  for (let start = 0; start < records.length || batches.length === 0; start += BATCH_ROWS) {
    const slice = records.slice(start, start + BATCH_ROWS);
    const vectors: Record<string, arrow.Vector> = {};
    for (const [column, { name, type }] of columns.entries()) {
      vectors[name] = toVector(
        KIND[type],
        slice.map((record) => convert(type, record[column] ?? null)),
        slice.length,
      );
    }
    batches.push(arrow.tableToIPC(new arrow.Table(vectors), 'stream'));
  }
  return { batches, rows: records.length, columns };
}

/** Empty header cells become `column_<n>`; repeated names get `_2`, `_3`… (DuckDB refuses duplicate columns). */
function uniqueNames(header: string[]): string[] {
  const seen = new Set<string>();
  return header.map((raw, index) => {
    const base = raw.trim() === '' ? `column_${index + 1}` : raw;
    let name = base;
    for (let suffix = 2; seen.has(name.toLowerCase()); suffix++) name = `${base}_${suffix}`;
    seen.add(name.toLowerCase());
    return name;
  });
}

function inferType(records: CsvField[][], column: number): CsvType {
  let candidates = new Set<CsvType>(['INTEGER', 'BIGINT', 'DOUBLE', 'BOOLEAN', 'DATE']);
  let regularNumber = false;
  let present = false;
  for (const record of records) {
    const raw = record[column];
    if (raw === null || raw === undefined || raw === '') continue;
    present = true;
    const value = raw.trim();
    const next = new Set<CsvType>();
    for (const type of candidates) if (fits(type, value)) next.add(type);
    if (DECIMAL.test(value)) regularNumber = true;
    candidates = next;
    if (candidates.size === 0) return 'VARCHAR';
  }
  if (!present) return 'VARCHAR';
  for (const type of ['INTEGER', 'BIGINT', 'DOUBLE', 'BOOLEAN', 'DATE'] as const) {
    if (type === 'DOUBLE' && !regularNumber) continue;
    if (candidates.has(type)) return type;
  }
  return 'VARCHAR';
}

function fits(type: CsvType, value: string): boolean {
  switch (type) {
    case 'INTEGER':
      return INTEGER.test(value) && inRange(BigInt(value), INT32);
    case 'BIGINT':
      return INTEGER.test(value) && inRange(BigInt(value), INT64);
    case 'DOUBLE':
      return (DECIMAL.test(value) && !/^[+-]?0\d+$/.test(value)) || SPECIAL_DOUBLE.test(value);
    case 'BOOLEAN':
      return BOOLEAN.test(value);
    case 'DATE':
      return epochDays(value) !== null;
    case 'VARCHAR':
      return true;
  }
}

function inRange(value: bigint, range: { min: bigint; max: bigint }): boolean {
  return value >= range.min && value <= range.max;
}

/** Days since 1970-01-01 of a real calendar date, or null (2023-02-30 is not a date). */
function epochDays(value: string): number | null {
  const match = DATE.exec(value);
  if (!match) return null;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const time = Date.UTC(year, month - 1, day);
  const date = new Date(time);
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return null;
  return time / 86_400_000;
}

function convert(type: CsvType, raw: CsvField): unknown {
  if (raw === null) return null;
  if (type === 'VARCHAR') return raw;
  const value = raw.trim();
  if (value === '') return null;
  switch (type) {
    case 'INTEGER':
      return Number(value);
    case 'BIGINT':
      return BigInt(value);
    case 'DOUBLE':
      return parseDouble(value);
    case 'BOOLEAN':
      return value.toLowerCase() === 'true';
    case 'DATE':
      return epochDays(value);
  }
}

function parseDouble(value: string): number {
  const lower = value.toLowerCase();
  if (lower === 'nan') return Number.NaN;
  if (/inf/.test(lower)) return lower.startsWith('-') ? -Infinity : Infinity;
  return Number(value);
}
