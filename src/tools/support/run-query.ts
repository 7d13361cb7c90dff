import type { QueryLimits, QueryResult } from '../../engine';
import type { PerchContext } from './tool-context';
import { withAddedTableNote } from './translate-engine-error';
import { namesAddedTable } from './untrusted-content';

/**
 * Every tool query goes through here: the scope is the session's, never an argument, and the
 * user's Stop reaches DuckDB. Engine errors are thrown and become envelopes via translateError.
 */
export async function runQuery(
  context: PerchContext,
  sql: string,
  limits: Partial<QueryLimits> = {},
): Promise<QueryResult> {
  const { engine } = context.services;
  try {
    return await engine.query(sql, { scope: context.session.datasets, signal: context.signal, ...limits });
  } catch (error) {
    // DuckDB's message may quote an added table's column names or values ("Candidate bindings: …").
    throw namesAddedTable(engine.catalog, context.session.datasets, sql) ? withAddedTableNote(error) : error;
  }
}
