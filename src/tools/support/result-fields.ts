import { z } from 'zod';
import type { QueryResult } from '../../engine';

/**
 * Fields every Perch tool result carries, so a model can cite and qualify any figure. A tool's
 * output schema spreads this shape: `z.strictObject({ ...RESULT_FIELDS, rows: … })`.
 */
export const RESULT_FIELDS = {
  count: z.number(),
  truncated: z.boolean(),
  note: z.string().optional(),
  /** Tables read and the SQL a person can open and re-run. */
  source: z.strictObject({ tables: z.array(z.string()), sql: z.array(z.string()) }),
  /** What the answer covers, in words: species, region, weeks, cells. */
  scope: z.string(),
  caveats: z.array(z.string()),
};
export type ResultFields = z.infer<z.ZodObject<typeof RESULT_FIELDS>>;

/** The one next step a result with nothing in it suggests (no rows, no match). */
export const HINT = { hint: z.string().optional() };

/** A value of a preview row (src/engine/preview-rows.ts): JSON, never undefined or a bigint. */
export const previewValueSchema = z.json();
export const previewRowSchema = z.record(z.string(), previewValueSchema);

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
  const fields: ResultFields = {
    count: input.count,
    truncated: input.truncated ?? false,
    source: { tables, sql: input.queries.map((query) => echoedSql(query.sql)) },
    scope: input.scope,
    caveats: [...new Set(input.caveats)],
  };
  if (input.note !== undefined) fields.note = input.note;
  return fields;
}

/**
 * The SQL a result echoes, shortened past `ECHOED_SQL_CHARS`: the model wrote it and the page keeps it whole, so
 * a full copy only spends the 16 KB envelope budget — a legit 15,000-character IN list was refused as
 * result_too_large (17,568 bytes) when the echo was whole (red-team corpus).
 */
export const ECHOED_SQL_CHARS = 2_000;

function echoedSql(sql: string): string {
  const flat = sql.trim().replace(/\s+/g, ' ');
  if (flat.length <= ECHOED_SQL_CHARS) return flat;
  return `${flat.slice(0, ECHOED_SQL_CHARS)}… (${flat.length - ECHOED_SQL_CHARS} more characters; the page shows the whole query)`;
}

/** Rounds to `digits` significant digits for display in rows (figures keep full precision elsewhere). */
export function significant(value: number | null, digits = 6): number | null {
  return value === null || !Number.isFinite(value) ? value : Number(value.toPrecision(digits));
}
