/**
 * The row with the highest non-null `mean`, the first of equal ones; undefined when no row has a
 * mean. NULL = not modelled, so such rows are never the peak (weekly_series' peak week,
 * occurrence_chance's best week).
 */
export function highestMean<Row extends { mean: number | null }>(rows: readonly Row[]): Row | undefined {
  let best: Row | undefined;
  for (const row of rows) {
    if (row.mean === null) continue;
    if (best === undefined || row.mean > best.mean!) best = row;
  }
  return best;
}
