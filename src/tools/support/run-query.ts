import type { QueryLimits, QueryResult } from '../../engine';
import type { PerchContext } from './tool-context';

/**
 * Every tool query goes through here: the scope is the session's, never an argument, and the
 * user's Stop reaches DuckDB. Engine errors are thrown and become envelopes via translateError.
 */
export function runQuery(
  context: PerchContext,
  sql: string,
  limits: Partial<QueryLimits> = {},
): Promise<QueryResult> {
  return context.services.engine.query(sql, {
    scope: context.session.datasets,
    signal: context.signal,
    ...limits,
  });
}
