/** The query set every engine benchmark runs (native DuckDB, DuckDB-WASM in Node, in Chromium), all over `weekly`. */
export interface BenchQuery {
  name: string;
  sql: string;
}

export const ENGINE_BENCH_QUERIES: readonly BenchQuery[] = [
  { name: 'count', sql: 'SELECT count(*) AS n, count(abundance) AS modelled FROM weekly' },
  {
    name: 'week mean',
    sql: "SELECT avg(abundance) AS mean FROM weekly WHERE species_code = 'yebsap' AND week = 24",
  },
  {
    name: 'weekly curve',
    sql: 'SELECT week, avg(abundance) AS mean, max(abundance) AS peak FROM weekly GROUP BY week ORDER BY week',
  },
  {
    name: 'top cells',
    sql: 'SELECT cell_id, sum(abundance) AS total FROM weekly GROUP BY cell_id ORDER BY total DESC LIMIT 10',
  },
];

export interface Timing {
  min: number;
  median: number;
}

export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

export function timing(values: readonly number[]): Timing {
  return { min: Math.min(...values), median: median(values) };
}
