import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileDataSource } from '../file-data-source';
import { DEFAULT_QUERY_LIMITS } from '../query-limits';
import { makeTestCatalog, type TestCatalog } from '../test-catalog';
import {
  arrowComparable,
  type NativeReference,
  openNativeReference,
  resultDifference,
} from './native-reference';
import { parquetTables } from './parquet-tables';
import { runColumnar } from './run-columnar';

/**
 * SQL semantics a model or a future tool may lean on, each against native DuckDB on the same files
 * (the fixture: `weekly` has NULL abundance where (week + cell) % 7 = 0; seasons wrap the year):
 * NULL in aggregates, sorts, IN and NOT IN; rounding; integer division and division by zero; dates;
 * strings; left joins without a match; empty inputs; windows; subqueries. A text either runs
 * columnar exactly as DuckDB answers it, or is left to DuckDB — never a different answer. A text
 * native DuckDB refuses must not get a columnar answer either.
 */
const Y = "species_code = 'yebsap'";
const A = "species_code = 'amerob'";
const QUERIES = [
  `SELECT week, count(*) AS n, count(abundance) AS k, sum(abundance) AS s, avg(abundance) AS a, min(abundance) AS lo, max(abundance) AS hi FROM weekly WHERE ${Y} GROUP BY week ORDER BY week`,
  `SELECT cell_id, abundance FROM weekly WHERE ${A} AND week = 7 ORDER BY abundance DESC, cell_id`,
  `SELECT cell_id, abundance FROM weekly WHERE ${A} AND week = 7 ORDER BY abundance ASC NULLS FIRST, cell_id`,
  `SELECT cell_id FROM weekly WHERE ${A} AND week = 7 AND abundance IS NULL ORDER BY cell_id`,
  `SELECT round(abundance, 1) AS r1, round(abundance) AS r0, round(abundance * 1000, -1) AS rm, floor(abundance * 10) AS f, ceil(abundance) AS c FROM weekly WHERE ${Y} AND week = 3 ORDER BY cell_id`,
  'SELECT cell_id, round(lat) AS up, round(-lat) AS down, round(-lat * 10, -1) AS tens, round(lon, 1) AS lon FROM cells ORDER BY cell_id',
  'SELECT start_week, start_week // 4 AS q, start_week % 4 AS m, start_week / 4 AS d, CAST(start_week / 4 AS INTEGER) AS ci FROM seasons ORDER BY start_week',
  'SELECT start_week / 0 AS inf, start_week % 0 AS m, start_week // 0 AS q, -start_week / 0 AS ninf FROM seasons ORDER BY start_week',
  "SELECT season, CASE WHEN start_week > end_week THEN 'wraps' WHEN end_week - start_week > 10 THEN 'long' ELSE 'short' END AS shape FROM seasons ORDER BY season",
  `SELECT count(*) AS n FROM weekly WHERE ${A} AND week IN (1, 2, NULL)`,
  'SELECT count(*) AS n FROM seasons WHERE start_week NOT IN (11, NULL)',
  'SELECT season FROM seasons WHERE start_week NOT IN (11, 20) ORDER BY season',
  `SELECT cell_id FROM cells WHERE cell_id IN (SELECT cell_id FROM weekly WHERE ${Y} AND week = 5 AND abundance > 1.05) ORDER BY cell_id`,
  `SELECT cell_id, abundance - (SELECT avg(abundance) FROM weekly WHERE ${Y} AND week = 5) AS above FROM weekly WHERE ${Y} AND week = 5 ORDER BY cell_id`,
  "SELECT s.species_code, x.season FROM species AS s LEFT JOIN seasons AS x ON x.species_code = s.species_code AND x.season = 'breeding' ORDER BY s.species_code",
  'SELECT s.species_code FROM species AS s LEFT JOIN seasons AS x ON x.species_code = s.species_code WHERE x.season IS NULL',
  'SELECT s.common_name, count(x.season) AS seasons FROM species AS s LEFT JOIN seasons AS x ON x.species_code = s.species_code GROUP BY s.common_name ORDER BY s.common_name',
  "SELECT cell_id, abundance FROM weekly WHERE species_code = 'nosuch' ORDER BY cell_id",
  "SELECT count(*) AS n, sum(abundance) AS s, avg(abundance) AS a, max(week) AS w, arg_max(cell_id, abundance) AS top FROM weekly WHERE species_code = 'nosuch'",
  "SELECT week, count(*) AS n FROM weekly WHERE species_code = 'nosuch' GROUP BY week",
  'SELECT species_code, week, avg(abundance) AS a FROM weekly GROUP BY species_code, week HAVING avg(abundance) > 1.3 ORDER BY species_code, week',
  `SELECT week, cell_id, abundance FROM weekly WHERE ${Y} QUALIFY row_number() OVER (PARTITION BY week ORDER BY abundance DESC NULLS LAST, cell_id) = 1 ORDER BY week`,
  `SELECT week, arg_max(cell_id, abundance) AS top, max(abundance) AS peak, arg_min(cell_id, abundance) AS low FROM weekly WHERE ${A} GROUP BY week ORDER BY week`,
  `SELECT median(abundance) AS m, quantile_cont(abundance, 0.9) AS q, quantile_cont(abundance, 0.25) AS q1 FROM weekly WHERE ${A} AND week BETWEEN 10 AND 12`,
  `SELECT DISTINCT week FROM weekly WHERE ${A} ORDER BY week DESC LIMIT 5 OFFSET 2`,
  `SELECT min(date) AS first, max(date) AS last FROM weekly WHERE ${Y} AND abundance > 1.3`,
  `SELECT DISTINCT week, date FROM weekly WHERE ${Y} AND date >= DATE '2023-06-01' AND date < DATE '2023-07-01' ORDER BY week`,
  "SELECT upper(common_name) AS u, lower(common_name) AS l, replace(common_name, ' ', '_') AS r, common_name || ' (' || species_code || ')' AS label FROM species ORDER BY species_code",
  "SELECT species_code FROM species WHERE common_name ILIKE '%robin%'",
  `SELECT coalesce(abundance, -1) AS a, greatest(abundance, 1.2) AS g, least(abundance, 1.2) AS l FROM weekly WHERE ${Y} AND week = 7 ORDER BY cell_id`,
  `SELECT cell_id, abundance > 1.1 AS high, NOT (abundance > 1.1) AS low, abundance > 1.1 OR week = 7 AS either, abundance > 1.1 AND week = 6 AS both FROM weekly WHERE ${Y} AND week = 7 ORDER BY cell_id`,
  `WITH w AS (SELECT cell_id, avg(abundance) AS mean FROM weekly WHERE ${Y} AND week BETWEEN 20 AND 33 GROUP BY cell_id) SELECT round(c.lat) AS lat, count(*) AS cells, avg(w.mean) AS mean FROM w JOIN cells AS c ON c.cell_id = w.cell_id GROUP BY round(c.lat) ORDER BY lat`,
  'SELECT s.species_code, x.season FROM species AS s, seasons AS x WHERE x.species_code = s.species_code ORDER BY 1, 2',
  'SELECT species_code, count(*) AS n FROM weekly GROUP BY 1 ORDER BY 2 DESC, 1',
  `SELECT count(*) AS n FROM weekly WHERE ${A} AND week NOT BETWEEN 5 AND 48`,
  `SELECT CAST(abundance AS INTEGER) AS i, CAST(week AS DOUBLE) / 2 AS h, CAST(week AS VARCHAR) AS t, CAST(date AS VARCHAR) AS d FROM weekly WHERE ${Y} AND week = 2 ORDER BY cell_id`,
  'SELECT count(DISTINCT week) AS weeks, count(DISTINCT cell_id) AS cells FROM weekly WHERE abundance > 1.45',
  `SELECT count(*) FILTER (WHERE abundance > 1.2) AS n FROM weekly WHERE ${Y}`,
  `SELECT week, cell_id, abundance / max(abundance) OVER (PARTITION BY week) AS share FROM weekly WHERE ${A} AND week IN (3, 4) ORDER BY week, cell_id`,
  `SELECT max(n) AS most FROM (SELECT week, count(abundance) AS n FROM weekly WHERE ${Y} GROUP BY week)`,
  `SELECT week FROM weekly WHERE ${Y} AND cell_id = 3 UNION ALL SELECT week FROM weekly WHERE ${A} AND cell_id = 3`,
  'SELECT sum(week) AS s FROM weekly',
  'SELECT start_week * 2147483647 AS big FROM seasons',
  'SELECT CAST(species_code AS INTEGER) AS n FROM species',
  "SELECT 1 AS a FROM species WHERE species_code = 'amerob' ORDER BY nosuch",
  `SELECT c.lat, w.abundance FROM cells AS c LEFT JOIN weekly AS w ON w.cell_id = c.cell_id AND w.${Y} AND w.week = 9 ORDER BY c.cell_id`,
  `SELECT lon, lat, distance_km(lat, lon, 43.0, -89.0) AS km FROM cells ORDER BY km LIMIT 5`,
  `SELECT week, sum(abundance) AS total, count(*) AS n FROM weekly WHERE ${Y} AND week <= 3 GROUP BY ALL ORDER BY week`,
  'SELECT NULL AS nothing, 1.5 AS decimal_literal, 2.5::DOUBLE AS dbl FROM species',
];

/** The share of QUERIES that must run columnar (the rest outside the subset on purpose). */
const MIN_COLUMNAR_SHARE = 0.75;

let fixture: TestCatalog;
let native: NativeReference;

beforeAll(async () => {
  fixture = await makeTestCatalog();
  native = await openNativeReference(fixture.dir, fixture.catalog);
}, 120_000);
afterAll(() => native?.close());

describe('columnar executor: SQL semantics against native DuckDB', () => {
  it('answers as DuckDB does, or leaves the text to DuckDB', async () => {
    const tables = parquetTables(fixture.catalog, fileDataSource(fixture.dir), () => false);
    const scope = Object.keys(fixture.catalog.tables);
    const differences: string[] = [];
    let columnar = 0;
    const leftToDuckDB: string[] = [];
    for (const sql of QUERIES) {
      const expected = await native.query(sql).catch((error: unknown) => error as Error);
      const answer = await runColumnar(sql, tables, {
        scope,
        catalogTables: scope,
        limits: DEFAULT_QUERY_LIMITS,
      }).catch((error: unknown) => ({ error }));
      if (answer === undefined) {
        leftToDuckDB.push(sql);
        continue;
      }
      if ('error' in answer) {
        differences.push(`columnar failed (${JSON.stringify(answer.error)}): ${sql}`);
        continue;
      }
      columnar++;
      if (expected instanceof Error) {
        differences.push(`DuckDB refuses (${expected.message}) but columnar answered: ${sql}`);
        continue;
      }
      const difference = resultDifference(
        arrowComparable(answer.table),
        expected,
        /\border\s+by\b/i.test(sql),
      );
      if (difference) differences.push(`${difference}: ${sql}`);
    }
    console.info(
      `[columnar-semantics] ${columnar} of ${QUERIES.length} columnar; left to DuckDB:\n${leftToDuckDB.join('\n')}`,
    );
    expect(differences).toEqual([]);
    expect(columnar / QUERIES.length).toBeGreaterThanOrEqual(MIN_COLUMNAR_SHARE);
  }, 120_000);
});
