import type { Table } from 'apache-arrow';
import { type QueryResult, sqlIdentifier, sqlString } from '../../engine';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';
import type { SubjectSpec } from './subject-spec';
import { WEEK_OPERATIONS, type WeeklyMeasure } from './supported';

/**
 * Operations answered by a week: their map is every cell of the place in every week of the time,
 * animated by the week slider, so the season the figures describe can be watched (the example:
 * 293 cells × 52 weeks = 15,236 features, drawn from GPU buffers uploaded once — map bench).
 */
export const WEEKLY_LAYER_OPERATIONS: ReadonlySet<string> = new Set(WEEK_OPERATIONS);

/**
 * The rows of one subject's weekly layer: cell centre, week, value (NULL = not modelled stays
 * NULL). The cells' squares come from the subject's per-cell result (same place, same weeks, so
 * the same cells): sending each on its first week's row took a row_number() window over every
 * cell-week, in the first answer's critical path.
 */
export async function weeklyLayerRows(
  context: PerchContext,
  spec: SubjectSpec,
  measure: WeeklyMeasure,
): Promise<{ table: Table; query: QueryResult }> {
  const sql = `SELECT c.cell_id, c.lon, c.lat, coalesce(c.state_code, c.country_code) AS region_code, w.week, w.${sqlIdentifier(measure)} AS value
    FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id
    WHERE w.species_code = ${sqlString(spec.species.species_code)} AND w.week IN (${spec.time.weeks.join(', ')}) AND ${spec.place.cells('c')}
    ORDER BY w.week, c.cell_id`;
  const query = await runQuery(context, sql, {
    maxRows: 2_000_000,
    maxBytes: 400_000_000,
    timeoutMs: 30_000,
  });
  return { table: query.table, query };
}
