import type { QueryResult } from '../../engine/types';

/** Fields every Perch tool result carries, so a model can cite and qualify any figure. */
export interface ResultFields {
  count: number;
  truncated: boolean;
  note?: string;
  /** Tables read and the SQL a person can open and re-run. */
  source: { tables: string[]; sql: string[] };
  /** What the answer covers, in words: species, region, weeks, cells. */
  scope: string;
  caveats: string[];
}

export interface ResultFieldsInput {
  count: number;
  truncated?: boolean;
  note?: string;
  queries: readonly QueryResult[];
  scope: string;
  caveats: readonly string[];
}

export function resultFields(input: ResultFieldsInput): ResultFields {
  const tables = [...new Set(input.queries.flatMap((query) => query.tablesRead))].sort();
  const warnings = input.queries.flatMap((query) => query.warnings);
  const fields: ResultFields = {
    count: input.count,
    truncated: input.truncated ?? false,
    source: { tables, sql: input.queries.map((query) => query.sql.trim().replace(/\s+/g, ' ')) },
    scope: input.scope,
    caveats: [...new Set([...input.caveats, ...warnings])],
  };
  if (input.note !== undefined) fields.note = input.note;
  return fields;
}

/** Rounds to `digits` significant digits for display in rows (figures keep full precision elsewhere). */
export function significant(value: number | null, digits = 6): number | null {
  return value === null || !Number.isFinite(value) ? value : Number(value.toPrecision(digits));
}
