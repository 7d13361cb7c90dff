import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CatalogFile } from '../../catalog/types';
import { sqlString } from '../../engine';
import { profileColumns } from './profile-columns';
import { Stage } from './stage';
import type { ColumnSpec, TableSpec } from './table-specs';

// Columns that take profileColumns through each of its paths: many repeats at the bottom (a scan
// per example), NaN and NULL, fewer than 5 distinct values, one value only, every value NULL,
// dates (compared as dates, shown as text), booleans, and doubles with more distinct values than
// are hashed (HASHED_DISTINCT_MAX) once the table is past the exact-distinct size.
const COLUMNS: ColumnSpec[] = [
  { name: 'code', type: 'VARCHAR', meaning: 'text with repeats' },
  { name: 'week', type: 'INTEGER', meaning: 'few values, each many times' },
  { name: 'day', type: 'DATE', meaning: 'dates' },
  { name: 'flag', type: 'BOOLEAN', meaning: 'two values' },
  { name: 'three', type: 'INTEGER', meaning: 'three values' },
  { name: 'one', type: 'VARCHAR', meaning: 'one value' },
  { name: 'empty', type: 'DOUBLE', meaning: 'every value NULL' },
  { name: 'abundance', type: 'DOUBLE', meaning: 'zeros, a repeated value, then distinct values and NaN' },
  { name: 'stepped', type: 'DOUBLE', meaning: 'each of its smallest values repeated' },
  { name: 'big', type: 'BIGINT', meaning: 'distinct values' },
  { name: 'shape_geojson', type: 'VARCHAR', meaning: 'geometry: no examples' },
];

const SELECT = `
  SELECT
    CASE WHEN i % 13 = 0 THEN NULL ELSE 'sp' || lpad((i % 40)::VARCHAR, 3, '0') END AS code,
    (i % 52 + 1)::INTEGER AS week,
    (DATE '2023-01-04' + INTERVAL (7 * (i % 52)) DAY)::DATE AS day,
    i % 3 = 0 AS flag,
    (i % 3)::INTEGER AS three,
    'only' AS one,
    NULL::DOUBLE AS empty,
    CASE WHEN i % 5 = 0 THEN 0 WHEN i % 7 = 0 THEN 0.25 WHEN i % 11 = 0 THEN 'NaN'::DOUBLE
         WHEN i % 17 = 0 THEN NULL ELSE 0.3 + hash(i) / 1e20 END AS abundance,
    CASE WHEN i % 4 = 0 THEN 0.5 + (i % 9) / 100 ELSE 1 + i / 1e7 END AS stepped,
    (i * 7919 % 1000003)::BIGINT AS big,
    '{"type":"Point","coordinates":[' || i || ',0]}' AS shape_geojson
  FROM range(ROWS) t(i)`;

/** What profileColumns answered before it scanned once per rank: a query per figure, straight on the files. */
async function reference(stage: Stage, source: string, column: ColumnSpec, rows: number, exact: boolean) {
  const name = `"${column.name}"`;
  const numeric = ['INTEGER', 'BIGINT', 'DOUBLE'].includes(column.type);
  const cast = (expression: string) =>
    numeric ? `${expression}::DOUBLE` : column.type === 'BOOLEAN' ? expression : `${expression}::VARCHAR`;
  const geometry = column.name.endsWith('_geojson');
  const read = async (sql: string) => (await stage.connection.runAndReadAll(sql)).getRows();
  const [stats] = await read(
    `SELECT ${exact ? `count(DISTINCT ${name})` : `approx_count_distinct(${name})`}::BIGINT, ${cast(`min(${name})`)}, ${cast(`max(${name})`)}, count(*) - count(${name}) FROM ${source}`,
  );
  const examples = geometry
    ? []
    : (
        await read(
          `SELECT DISTINCT ${cast(name)} AS v FROM ${source} WHERE ${name} IS NOT NULL ORDER BY v LIMIT 5`,
        )
      ).map((row) => row[0]);
  return {
    examples,
    distinct: Number(stats![0]),
    null_fraction: Number(stats![3]) / rows,
    ...(geometry || column.type === 'BOOLEAN' ? {} : { min: stats![1], max: stats![2] }),
  };
}

const spec = (columns: ColumnSpec[]): TableSpec => ({
  name: 'profiled',
  title: 'profiled',
  row_meaning: 'a test row',
  description: 'rows for profile-columns.test.ts',
  columns,
  partition_by: [],
  sort_by: [],
  ebird: false,
  caveats: [],
});

let stage: Stage;
let root: string;

/** Writes `rows` rows of SELECT as `parts` parquet files, as a partitioned table's files. */
async function writeFiles(name: string, rows: number, parts: number): Promise<CatalogFile[]> {
  const files: CatalogFile[] = [];
  const per = Math.ceil(rows / parts);
  for (let part = 0; part < parts; part++) {
    const count = Math.min(per, rows - part * per);
    const path = `${name}-${part}.parquet`;
    await stage.connection.run(
      `COPY (SELECT * FROM (${SELECT.replace('range(ROWS)', `range(${part * per}, ${part * per + count})`)})) TO ${sqlString(join(root, path))} (FORMAT parquet)`,
    );
    files.push({ path, bytes: 0, rows: count, sha256: '' });
  }
  return files;
}

beforeAll(async () => {
  stage = await Stage.open();
  root = mkdtempSync(join(tmpdir(), 'perch-profile-'));
});
afterAll(() => {
  stage.close();
  rmSync(root, { recursive: true, force: true });
});

describe('profileColumns', () => {
  // 2,100,000 rows: past EXACT_DISTINCT_MAX_ROWS, so distinct counts are estimates and `big`
  // and `abundance` have more distinct values than are hashed for their examples.
  for (const [label, rows, parts] of [
    ['a small table (exact distinct counts)', 20_000, 1],
    ['a large table in three files (estimated distinct counts)', 2_100_000, 3],
  ] as const) {
    it(`gives for ${label} the figures a query per figure gives`, async () => {
      const files = await writeFiles(label.split(' ')[1]!, rows, parts);
      const profiled = await profileColumns(stage, root, spec(COLUMNS), files);
      const source = `read_parquet([${files.map((file) => sqlString(join(root, file.path))).join(', ')}])`;
      for (const [index, column] of COLUMNS.entries()) {
        const expected = await reference(stage, source, column, rows, rows <= 2_000_000);
        const { name, type, meaning, ...figures } = profiled[index]!;
        expect({ name, ...figures }).toEqual({ name: column.name, ...expected });
      }
      const byName = Object.fromEntries(profiled.map((column) => [column.name, column]));
      // The cases are what they claim: repeats at the bottom, NaN among the examples, few values.
      expect(byName.abundance!.examples.slice(0, 2)).toEqual([0, 0.25]);
      expect(byName.stepped!.examples).toEqual([0.5, 0.51, 0.52, 0.53, 0.54]);
      expect(byName.three!.examples).toEqual([0, 1, 2]);
      expect(byName.one!.examples).toEqual(['only']);
      expect(byName.empty!.examples).toEqual([]);
      expect(byName.day!.examples[1]).toBe('2023-01-11');
      expect(byName.shape_geojson!.examples).toEqual([]);
    });
  }

  it('finds NaN as the largest value, after every number', async () => {
    const path = 'nan.parquet';
    await stage.connection.run(
      `COPY (SELECT * FROM (VALUES (1.5), ('NaN'::DOUBLE), ('NaN'::DOUBLE), (1.5), (NULL), (-2.0)) t(x)) TO ${sqlString(join(root, path))} (FORMAT parquet)`,
    );
    const [profiled] = await profileColumns(
      stage,
      root,
      spec([{ name: 'x', type: 'DOUBLE', meaning: 'x' }]),
      [{ path, bytes: 0, rows: 6, sha256: '' }],
    );
    expect(profiled!.examples).toEqual([-2, 1.5, Number.NaN]);
    expect(profiled!.distinct).toBe(3);
    expect(profiled!.null_fraction).toBeCloseTo(1 / 6);
  });
});
