import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exampleData, openHarness, type ToolHarness } from './test-support/tool-harness';

/**
 * cell_weekly against the test's own read of the built parquet with native DuckDB
 * (@duckdb/node-api, not the engine the tool runs on): the cell's 52 weekly values, its peak and
 * its nearest town (great-circle distance computed here).
 */
const dataDir = exampleData();
let harness: ToolHarness;
let read: (sql: string) => Promise<Record<string, unknown>[]>;
beforeAll(async () => {
  if (!dataDir) return;
  harness = await openHarness(dataDir);
  // Tables load on first use; with the machine shared (load average 18 on 2 cores) the first call's
  // load alone passed the registry's 15 s deadline, which is not what these tests check.
  for (const table of ['species', 'weekly', 'cells', 'places'])
    await harness.engine.query(`SELECT count(*) FROM ${table}`, {
      scope: harness.session.datasets,
      timeoutMs: 120_000,
    });
  const connection = await (await DuckDBInstance.create(':memory:')).connect();
  read = async (sql) => (await connection.runAndReadAll(sql)).getRowObjectsJS() as Record<string, unknown>[];
});
afterAll(async () => harness?.close());

const parquet = (name: string) => `read_parquet('${join(dataDir ?? '', name)}')`;

function kmBetween(lat1: number, lon1: number, lat2: number, lon2: number): number {
  const radians = Math.PI / 180;
  const a =
    Math.sin(((lat2 - lat1) * radians) / 2) ** 2 +
    Math.cos(lat1 * radians) * Math.cos(lat2 * radians) * Math.sin(((lon2 - lon1) * radians) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(a));
}

/** The cell's weekly values and its nearest town, read here. */
async function expectedFor(cellId: number, product: string) {
  const weeks = (
    await read(
      `SELECT week, ${product} AS value FROM ${parquet('weekly/*.parquet')} WHERE species_code = 'yebsap' AND cell_id = ${cellId} ORDER BY week`,
    )
  ).map((row) => ({ week: Number(row.week), value: row.value === null ? null : Number(row.value) }));
  const [cell] = await read(`SELECT lon, lat FROM ${parquet('cells.parquet')} WHERE cell_id = ${cellId}`);
  const places = await read(`SELECT name, region_code, lon, lat FROM ${parquet('places.parquet')}`);
  const town = places
    .map((place) => ({
      name: `${place.name}, ${String(place.region_code).split('-').at(-1)}`,
      km: kmBetween(Number(cell!.lat), Number(cell!.lon), Number(place.lat), Number(place.lon)),
    }))
    .sort((a, b) => a.km - b.km)[0]!;
  return { weeks, cell: { lon: Number(cell!.lon), lat: Number(cell!.lat) }, town: town.name };
}

describe.skipIf(!dataDir)('cell_weekly on the real example', () => {
  it('a point inside a cell gives that cell: its 52 values, peak, the asked week and nearest town equal a direct parquet read', async () => {
    // Three cells spread over the build: the one with the highest weekly abundance, the first and the last by id.
    const picks = await read(`SELECT cell_id FROM (
        (SELECT cell_id FROM ${parquet('weekly/*.parquet')} ORDER BY abundance DESC NULLS LAST LIMIT 1)
        UNION ALL (SELECT min(cell_id) FROM ${parquet('cells.parquet')})
        UNION ALL (SELECT max(cell_id) FROM ${parquet('cells.parquet')}))`);
    for (const { cell_id } of picks) {
      const expected = await expectedFor(Number(cell_id), 'abundance');
      // 0.05° off the centre (~5 km): inside the 27 km square whichever way it lies.
      const point = { lon: expected.cell.lon + 0.05, lat: expected.cell.lat - 0.05 };
      const result = await harness.data('cell_weekly', { species: 'yebsap', ...point, week: 15 });
      expect(result.cell.cell_id).toBe(Number(cell_id));
      expect(result.weeks.map((row: { week: number }) => row.week)).toEqual(
        expected.weeks.map((row) => row.week),
      );
      expect(result.weeks).toHaveLength(52);
      result.weeks.forEach((row: { value: number | null }, index: number) => {
        const value = expected.weeks[index]!.value;
        if (value === null) expect(row.value).toBeNull();
        else expect(row.value).toBeCloseTo(value, 6);
      });
      const modelled = expected.weeks.filter((row) => row.value !== null);
      const top = Math.max(...modelled.map((row) => row.value!));
      expect(result.peak.value).toBeCloseTo(top, 6);
      expect(result.peak.week).toBe(modelled.find((row) => row.value === top)!.week);
      expect(result.week.week).toBe(15);
      expect(result.week.date).toBe('2023-04-12');
      expect(result.week.value).toBeCloseTo(expected.weeks.find((row) => row.week === 15)!.value!, 6);
      expect(result.town).toBe(expected.town);
      expect(result.weeks_zero).toBe(expected.weeks.filter((row) => row.value === 0).length);
    }
  });

  it('attaches the cell curve as a chart titled "<species> near <town>", 52 points equal to the result', async () => {
    const expected = await expectedFor(
      Number((await read(`SELECT min(cell_id) AS id FROM ${parquet('cells.parquet')}`))[0]!.id),
      'occurrence',
    );
    const outcome = await harness.call('cell_weekly', {
      species: 'Yellow-bellied Sapsucker',
      lon: expected.cell.lon,
      lat: expected.cell.lat,
      product: 'occurrence',
    });
    expect(outcome.envelope.ok).toBe(true);
    const chart = outcome.attachments.find((attachment) => attachment.kind === 'chart')!.payload as {
      title: string;
      columns: { week: number[]; value: (number | null)[] };
    };
    expect(chart.title).toBe(`Yellow-bellied Sapsucker near ${expected.town}`);
    expect(chart.columns.week).toHaveLength(52);
    chart.columns.value.forEach((value, index) => {
      const own = expected.weeks[index]!.value;
      if (own === null) expect(value).toBeNull();
      else expect(value).toBeCloseTo(own, 6);
    });
    expect((outcome.envelope as { data: { week: unknown } }).data.week).toBeNull();
  });

  it('a point outside every cell (Columbus, OH) is not_covered, with one audit row', async () => {
    const before = harness.registry.audit.entries().length;
    const outcome = await harness.call('cell_weekly', { species: 'yebsap', lon: -82.9988, lat: 39.9612 });
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'not_covered' } });
    expect(harness.registry.audit.entries().length).toBe(before + 1);
    expect(outcome.audit).toMatchObject({ tool: 'cell_weekly', outcome: 'failed', code: 'not_covered' });
  });

  it('the map agent may call cell_weekly only', async () => {
    const call = (name: string, args: unknown) =>
      harness.registry.call('map', { id: `m-${name}`, name, arguments: args }, harness.session);
    const map = await call('cell_weekly', { species: 'yebsap', lon: -87.4, lat: 46.5, week: 24 });
    expect(map.envelope.ok).toBe(true);
    expect(map.audit.agent).toBe('map');
    const sql = await call('run_sql', { sql: 'SELECT 1', purpose: 'test' });
    expect(sql.envelope).toMatchObject({ ok: false, error: { code: 'not_allowed' } });
  });
});
