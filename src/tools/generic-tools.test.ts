import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { byteLength } from '../registry/fit-to-budget';
import type { MapLayerPayload } from '../payloads';
import { exampleData, openHarness, type ToolHarness } from './test-support/tool-harness';

const dataDir = exampleData();
let harness: ToolHarness;
beforeAll(async () => {
  if (dataDir) harness = await openHarness(dataDir);
});
afterAll(async () => harness?.close());

const failure = (outcome: { envelope: unknown }) =>
  (outcome.envelope as { ok: false; error: { code: string; message: string; hint?: string } }).error;

describe.skipIf(!dataDir)('generic tools on the real example', () => {
  it('describe_table of an unknown table is not_found with close names', async () => {
    const error = failure(await harness.call('describe_table', { table: 'weekley' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toMatch(/Did you mean: weekly/);
  });

  it('describe_table gives units, null fractions, geometry and caveats', async () => {
    const result = await harness.data('describe_table', { table: 'weekly' });
    const abundance = result.columns.find((column: { name: string }) => column.name === 'abundance');
    expect(abundance.unit).toMatch(/relative abundance/);
    expect(abundance.null_fraction).toBeGreaterThan(0);
    expect(result.geometry).toEqual({ kind: 'cell_id', column: 'cell_id' });
    expect(result.caveats.join(' ')).toMatch(/NULL = not modelled/);
  });

  it('sample_values refuses an injected column name before any SQL runs', async () => {
    const error = failure(await harness.call('sample_values', { table: 'regions', column: 'x" FROM t; --' }));
    expect(error.code).toBe('not_found');
    expect(error.message).toContain("has no column 'x\" FROM t; --'");
    const audit = harness.registry.audit.entries().at(-1)!;
    expect(JSON.stringify(audit)).not.toContain('SELECT');
  });

  it('sample_values lists real region codes with counts', async () => {
    const result = await harness.data('sample_values', { table: 'regional_stats', column: 'region_code' });
    expect(result.values).toEqual([
      { value: 'USA', rows: 4 },
      { value: 'USA-MI', rows: 4 },
    ]);
    expect(result.distinct_values).toBe(2);
  });

  it('a table outside the session scope is refused even though it exists', async () => {
    const narrow = { id: 'narrow', datasets: ['species', 'seasons', 'weekly'] };
    expect(failure(await harness.call('describe_table', { table: 'trends' }, narrow)).code).toBe(
      'out_of_scope',
    );
    expect(failure(await harness.call('trend_summary', { species: 'yebsap' }, narrow)).code).toBe(
      'out_of_scope',
    );
    const sql = failure(
      await harness.call('run_sql', { sql: 'SELECT count(*) FROM trends', purpose: 'count trends' }, narrow),
    );
    expect(sql.code).toBe('sql_rejected');
    expect(sql.message).toMatch(/outside this session's scope/);
  });

  it('run_sql returns an 8-row preview and sends the whole result out of band', async () => {
    const outcome = await harness.call('run_sql', {
      sql: "SELECT week, cell_id, abundance FROM weekly WHERE species_code = 'yebsap' AND week = 24",
      purpose: 'week 24 cells',
    });
    const data = (outcome.envelope as { data: Record<string, any> }).data;
    expect(data.rows).toBe(293);
    expect(data.preview).toHaveLength(8);
    expect(data.has_geometry).toBe(true);
    const table = outcome.attachments.find((attachment) => attachment.kind === 'data-table')!.payload as {
      rows: number;
      ipc: ArrayBuffer;
    };
    expect(table.rows).toBe(293);
    expect(table.ipc.byteLength).toBeGreaterThan(293 * 8);
  });

  it('run_sql with zero rows hints at sample_values', async () => {
    const result = await harness.data('run_sql', {
      sql: "SELECT * FROM regional_stats WHERE region_code = 'US-MI'",
      purpose: 'Michigan stats',
    });
    expect(result.rows).toBe(0);
    expect(result.hint).toMatch(/sample_values/);
  });

  it('add_map_layer without geometry is refused with the fix', async () => {
    const error = failure(
      await harness.call('add_map_layer', {
        sql: 'SELECT week, avg(abundance) AS mean FROM weekly GROUP BY week',
        name: 'no geometry',
      }),
    );
    expect(error.code).toBe('no_geometry');
    expect(error.hint).toMatch(/JOIN cells/);
  });

  it('add_map_layer joins cell_id to the cells and animates by week', async () => {
    const outcome = await harness.call('add_map_layer', {
      sql: "SELECT cell_id, week, abundance FROM weekly WHERE species_code = 'yebsap' AND week BETWEEN 14 AND 18",
      name: 'spring',
      time_column: 'week',
    });
    const layer = outcome.attachments[0].payload as MapLayerPayload;
    expect(layer.featureCount).toBe(5 * 293);
    expect(new Set(layer.times)).toEqual(new Set([14, 15, 16, 17, 18]));
    expect(layer.timeLabels![16]).toBe('2023-04-19');
    expect(layer.sourceTables).toEqual(['cells', 'weekly']);
    // Each feature carries its cell square (cells.footprint_geojson), around its own centre.
    expect(layer.footprints).toHaveLength(layer.featureCount * 8);
    for (let feature = 0; feature < layer.featureCount; feature += 97) {
      const corners = layer.footprints!.subarray(feature * 8, feature * 8 + 8);
      const meanLon = (corners[0] + corners[2] + corners[4] + corners[6]) / 4;
      const meanLat = (corners[1] + corners[3] + corners[5] + corners[7]) / 4;
      expect(Math.abs(meanLon - layer.coordinates[feature * 2])).toBeLessThan(0.05);
      expect(Math.abs(meanLat - layer.coordinates[feature * 2 + 1])).toBeLessThan(0.05);
    }
  });

  it('a 100,000-feature add_map_layer call returns under 16 KB to the model', async () => {
    const outcome = await harness.call('add_map_layer', {
      sql: 'SELECT -100 + (range % 400) * 0.05 AS lon, 30 + (range // 400) * 0.05 AS lat, (range % 97) / 97.0 AS value FROM range(100000)',
      name: 'dense',
    });
    const layer = outcome.attachments[0].payload as MapLayerPayload;
    expect(layer.featureCount).toBe(100_000);
    expect(layer.coordinates.length).toBe(200_000);
    expect(byteLength(JSON.stringify(outcome.envelope))).toBeLessThan(16_384);
  });

  it('compute_stats runs over the whole result, not a preview', async () => {
    const result = await harness.data('compute_stats', {
      sql: "SELECT abundance FROM weekly WHERE species_code = 'yebsap'",
      column: 'abundance',
    });
    expect(result.rows).toBe(harness.engine.catalog.tables.weekly.rows);
    expect(result.nulls).toBe(1); // FORMAT.md §1a: the single week-8 NaN
    expect(result.max).toBeCloseTo(1.91963, 5);
    expect(
      failure(
        await harness.call('compute_stats', { sql: 'SELECT abundance FROM weekly', column: 'abundanc' }),
      ).message,
    ).toMatch(/Did you mean: abundance/);
  });

  it('make_chart validates columns and attaches the data', async () => {
    const sql =
      "SELECT week, avg(abundance) AS mean FROM weekly WHERE species_code = 'yebsap' GROUP BY week ORDER BY week";
    expect(
      failure(await harness.call('make_chart', { sql, chart_type: 'line', title: 't', y: 'avg' })).code,
    ).toBe('not_found');
    const outcome = await harness.call('make_chart', { sql, chart_type: 'line', title: 'weekly mean' });
    const chart = outcome.attachments[0].payload as { columns: Record<string, unknown[]>; y: string };
    expect(chart.y).toBe('mean');
    expect(chart.columns.week).toHaveLength(52);
  });

  it('search_datasets ranks by meaning and hints when nothing matches', async () => {
    const result = await harness.data('search_datasets', { query: 'population trend' });
    expect(result.results[0].table).toMatch(/^trends/);
    const empty = await harness.data('search_datasets', { query: 'zzqx' });
    expect(empty.count).toBe(0);
    expect(empty.hint).toMatch(/Tables in this session/);
  });

  it('ask_user attaches the question for the page', async () => {
    const outcome = await harness.call('ask_user', {
      question: 'Which season?',
      options: ['breeding', 'nonbreeding'],
    });
    expect(outcome.attachments).toEqual([
      { kind: 'question', payload: { question: 'Which season?', options: ['breeding', 'nonbreeding'] } },
    ]);
  });
});
