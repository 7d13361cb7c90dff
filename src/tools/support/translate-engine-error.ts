import { isEngineError } from '../../engine';
import type { ToolError } from '../../registry';

const HINTS: Record<string, string> = {
  sql_rejected: 'Read only tables in this session (describe_table lists columns); one SELECT, no commands.',
  query_failed:
    "DuckDB's message says what is wrong; check names with describe_table and literal values with sample_values.",
  result_too_large: 'Aggregate (GROUP BY, avg, count), filter with WHERE, or select fewer columns.',
  timeout: 'Filter earlier (species_code, week) or aggregate.',
};

/** EngineError (plain data, checked by code) → the envelope's error; anything else stays internal. */
export function translateEngineError(error: unknown): ToolError | undefined {
  if (!isEngineError(error)) return undefined;
  const hint = HINTS[error.code];
  return hint
    ? { code: error.code, message: error.message, hint }
    : { code: error.code, message: error.message };
}
