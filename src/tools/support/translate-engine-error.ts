import { type EngineError, isEngineError } from '../../engine';
import type { ToolError } from '../../registry';
import { neutraliseMessage, withUntrustedNote } from './untrusted-content';

const HINTS: Record<string, string> = {
  sql_rejected: 'Read only tables in this session (describe_table lists columns); one SELECT, no commands.',
  query_failed:
    "DuckDB's message says what is wrong; check names with describe_table and literal values with sample_values.",
  result_too_large: 'Aggregate (GROUP BY, avg, count), filter with WHERE, or select fewer columns.',
  timeout: 'Filter earlier (species_code, week) or aggregate.',
};

/**
 * EngineError (plain data, checked by code) → the envelope's error; anything else stays internal.
 * Every message is cleaned the way an added dataset's text is (neutraliseMessage): DuckDB quotes
 * column names and values in its errors ("Candidate bindings: …", "Could not convert string
 * '…'"), and it costs nothing on a message that quotes only our own names.
 */
export function translateEngineError(error: unknown): ToolError | undefined {
  if (!isEngineError(error)) return undefined;
  const message = neutraliseMessage(error.message);
  const hint = HINTS[error.code];
  return hint ? { code: error.code, message, hint } : { code: error.code, message };
}

/**
 * `error` with the untrusted-content note in its message when it is an EngineError (else as is),
 * for a query over a table the user added (support/run-query.ts). A plain-data copy: isEngineError
 * accepts it as it accepts a structured clone.
 */
export function withAddedTableNote(error: unknown): unknown {
  if (!isEngineError(error)) return error;
  const noted: EngineError = {
    name: 'EngineError',
    code: error.code,
    message: withUntrustedNote(error.message),
  };
  return noted;
}
