import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewRows } from '../../engine';
import type { ChartPayload, MapLayerPayload } from '../../payloads';
import type { CallOutcome } from '../../registry';
import { exampleData, openHarness, type ToolHarness } from '../test-support/tool-harness';

/**
 * Every kind of query_status answer draws its picture (issue 12): the trend map, range outlines
 * by season, the season bar chart and the chance map, checked against figures this file reads
 * from the tables itself with its own SQL — never against the tool's own rows.
 */
const dataDir = exampleData();
let harness: ToolHarness;
beforeAll(async () => {
  if (!dataDir) return;
  harness = await openHarness(dataDir);
  // The registry's 15 s deadline is not what this file tests: with seven test runs on two cores
  // (load average 20) the first, cold query_status took longer and timed out. Load the tables first.
  for (const table of ['weekly', 'cells', 'trends', 'trends_folds', 'ranges', 'seasonal'])
    await harness.engine.query(`SELECT count(*) FROM ${table}`, { scope: [table] });
});
afterAll(async () => harness?.close());

const MICHIGAN = [{ kind: 'region', code: 'USA-MI' }];

async function rows(sql: string, scope: string[]): Promise<Record<string, unknown>[]> {
  const result = await harness.engine.query(sql, { scope });
  return previewRows(result.table, result.table.numRows);
}

const layersOf = (outcome: CallOutcome) =>
  outcome.attachments
    .filter((attachment) => attachment.kind === 'map-layer')
    .map((attachment) => attachment.payload as MapLayerPayload);
const chartsOf = (outcome: CallOutcome) =>
  outcome.attachments
    .filter((attachment) => attachment.kind === 'chart')
    .map((attachment) => attachment.payload as ChartPayload);

async function status(frame: Record<string, unknown>): Promise<CallOutcome> {
  const outcome = await harness.call('query_status', {
    species: ['yebsap'],
    times: [],
    places: [],
    ...frame,
  });
  if (!outcome.envelope.ok) throw new Error(JSON.stringify(outcome.envelope.error));
  return outcome;
}

/** A feature's position as a key, to match features to rows whatever their order. */
const at = (lon: number, lat: number) => `${lon.toFixed(6)},${lat.toFixed(6)}`;

/** Outer rings of a GeoJSON MultiPolygon, as the test reads it. */
function outerRings(text: string): number[][][] {
  const geometry = JSON.parse(text) as { type: string; coordinates: number[][][][] };
  return geometry.type === 'MultiPolygon'
    ? geometry.coordinates.map((polygon) => polygon[0]!)
    : [(geometry.coordinates as unknown as number[][][])[0]!];
}

describe.skipIf(!dataDir)('query_status pictures on the real example', () => {
  it('a trend answer draws a diverging trend layer: abd_ppy per trend cell, uncertain exactly where the 80% interval spans zero', async () => {
    const outcome = await status({
      measure: 'trend',
      operation: 'value',
      times: [{ kind: 'season', season: 'breeding' }],
      places: MICHIGAN,
    });
    const [layer, ...others] = layersOf(outcome);
    expect(others).toEqual([]);
    expect(layer).toMatchObject({ geometry: 'point', measure: 'trend', scale: 'diverging' });
    // The example's data is masked to Michigan, so "Michigan" is every breeding trend cell.
    const expected = await rows(
      "SELECT lon, lat, abd_ppy, abd_ppy_nonzero FROM trends WHERE species_code = 'yebsap' AND season = 'breeding'",
      ['trends'],
    );
    expect(layer!.featureCount).toBe(expected.length);
    const byPosition = new Map(expected.map((row) => [at(Number(row.lon), Number(row.lat)), row]));
    let uncertain = 0;
    for (let index = 0; index < layer!.featureCount; index++) {
      const row = byPosition.get(at(layer!.coordinates[index * 2]!, layer!.coordinates[index * 2 + 1]!));
      expect(row, `feature ${index} is a trend cell`).toBeDefined();
      expect(layer!.values[index]).toBe(Math.fround(Number(row!.abd_ppy)));
      // abd_ppy_nonzero is eBird's flag for an interval that excludes zero (FORMAT.md §4).
      expect(layer!.uncertain![index], `feature ${index}`).toBe(row!.abd_ppy_nonzero ? 0 : 1);
      uncertain += layer!.uncertain![index]!;
    }
    expect(uncertain).toBeGreaterThan(0);
    expect(uncertain).toBeLessThan(layer!.featureCount);
    expect(layer!.footprints).toHaveLength(layer!.featureCount * 8);
    expect(layer!.sourceTables).toEqual(['trends']);
  });

  it('where a trend increases fastest draws the same diverging map', async () => {
    const [layer] = layersOf(await status({ measure: 'trend', operation: 'where_highest' }));
    expect(layer).toMatchObject({ measure: 'trend', scale: 'diverging' });
    expect(layer!.uncertain).toHaveLength(layer!.featureCount);
  });

  it('a range answer outlines the season asked: polygons, style outline, the rings of its range', async () => {
    const outcome = await status({
      measure: 'range_area',
      operation: 'value',
      times: [{ kind: 'season', season: 'nonbreeding' }],
    });
    const layers = layersOf(outcome);
    expect(layers).toHaveLength(1);
    const [layer] = layers;
    expect(layer).toMatchObject({ geometry: 'polygon', style: 'outline', measure: 'range' });
    const [range] = await rows(
      "SELECT geometry_geojson, area_km2 FROM ranges WHERE species_code = 'yebsap' AND season = 'nonbreeding' AND layer = 'range' AND smoothing = 'smooth'",
      ['ranges'],
    );
    const rings = outerRings(String(range!.geometry_geojson));
    expect(layer!.featureCount).toBe(rings.length);
    expect(layer!.coordinates).toHaveLength(rings.flat().length * 2);
    expect([...layer!.coordinates.slice(0, 2)]).toEqual(rings[0]![0]);
    expect([...new Set(layer!.values)]).toEqual([Math.fround(Number(range!.area_km2))]);
  });

  it('a range answer with no time outlines every season that has a range, one layer per season', async () => {
    const layers = layersOf(await status({ measure: 'range_area', operation: 'value' }));
    const seasons = await rows(
      "SELECT DISTINCT season FROM ranges WHERE species_code = 'yebsap' AND layer = 'range' AND smoothing = 'smooth'",
      ['ranges'],
    );
    expect(layers).toHaveLength(seasons.length);
    expect(new Set(layers.map((layer) => layer.name))).toEqual(
      new Set(
        seasons.map((row) => `Yellow-bellied Sapsucker: ${String(row.season).replaceAll('_', ' ')} range`),
      ),
    );
    expect(layers.every((layer) => layer.geometry === 'polygon' && layer.style === 'outline')).toBe(true);
    // Each season in its own colour, so the legend tells them apart.
    expect(new Set(layers.map((layer) => layer.color)).size).toBe(layers.length);
  });

  it('"in which season is it most common?" draws one bar per season, valued as the tool\'s figures, in the order of the year', async () => {
    const seasons = ['breeding', 'nonbreeding', 'prebreeding_migration', 'postbreeding_migration'];
    const outcome = await status({
      measure: 'abundance',
      operation: 'which_larger',
      times: seasons.map((season) => ({ kind: 'season', season })),
      places: MICHIGAN,
    });
    expect(layersOf(outcome)).toEqual([]);
    const [chart, ...others] = chartsOf(outcome);
    expect(others).toEqual([]);
    expect(chart).toMatchObject({ chartType: 'bar', x: 'label', y: 'value' });
    expect(chart!.columns.label).toEqual([
      'prebreeding migration',
      'breeding',
      'postbreeding migration',
      'nonbreeding',
    ]);
    const subjects = (outcome.envelope as { data: { subjects: { time_label: string; mean: number }[] } }).data
      .subjects;
    expect(subjects).toHaveLength(4);
    for (const [index, label] of (chart!.columns.label as string[]).entries()) {
      const subject = subjects.find((candidate) => candidate.time_label.startsWith(`the ${label} season`));
      expect(chart!.columns.value[index], label).toBe(subject!.mean);
    }
  });

  it('a chance answer draws a layer of measure occurrence: the per-cell mean chance over the weeks', async () => {
    const outcome = await status({
      measure: 'occurrence',
      operation: 'value',
      times: [{ kind: 'weeks', from: 18, to: 19, label: 'early May' }],
    });
    const [layer] = layersOf(outcome);
    expect(layer).toMatchObject({ measure: 'occurrence', scale: 'sequential' });
    const expected = await rows(
      "SELECT c.lon, c.lat, avg(w.occurrence) AS value FROM weekly AS w JOIN cells AS c USING (cell_id) WHERE w.species_code = 'yebsap' AND w.week IN (18, 19) GROUP BY c.lon, c.lat",
      ['weekly', 'cells'],
    );
    expect(layer!.featureCount).toBe(expected.length);
    const byPosition = new Map(expected.map((row) => [at(Number(row.lon), Number(row.lat)), row.value]));
    for (let index = 0; index < layer!.featureCount; index++) {
      const value = byPosition.get(at(layer!.coordinates[index * 2]!, layer!.coordinates[index * 2 + 1]!));
      expect(layer!.values[index]).toBe(value === null ? Number.NaN : Math.fround(Number(value)));
    }
  });
});

describe.skipIf(!dataDir)('the single-purpose tools draw too', () => {
  it('trend_summary draws the diverging trend map with uncertain cells marked', async () => {
    const outcome = await harness.call('trend_summary', { species: 'yebsap' });
    const [layer] = layersOf(outcome);
    expect(layer).toMatchObject({ measure: 'trend', scale: 'diverging' });
    const [counted] = await rows(
      "SELECT count(*) AS cells, count(*) FILTER (WHERE NOT abd_ppy_nonzero) AS uncertain FROM trends WHERE species_code = 'yebsap'",
      ['trends'],
    );
    expect(layer!.featureCount).toBe(Number(counted!.cells));
    expect(layer!.uncertain!.reduce((sum, flag) => sum + flag, 0)).toBe(Number(counted!.uncertain));
  });

  it('range_summary outlines its season', async () => {
    const [layer, ...others] = layersOf(
      await harness.call('range_summary', { species: 'yebsap', season: 'breeding' }),
    );
    expect(others).toEqual([]);
    expect(layer).toMatchObject({ geometry: 'polygon', style: 'outline', measure: 'range' });
    expect(layer!.name).toContain('breeding range');
  });

  it('seasonal_summary draws one bar per season with its means', async () => {
    const outcome = await harness.call('seasonal_summary', { species: 'yebsap' });
    const [chart] = chartsOf(outcome);
    const seasons = (outcome.envelope as { data: { seasons: { season: string; mean: number | null }[] } })
      .data.seasons;
    const fourSeasons = seasons.filter((row) => row.season !== 'full_year');
    expect(chart).toMatchObject({ chartType: 'bar' });
    expect(chart!.columns.season).toEqual(fourSeasons.map((row) => row.season));
    expect(chart!.columns.value).toEqual(fourSeasons.map((row) => row.mean));
  });

  it('occurrence_chance draws a chance map of its region and time', async () => {
    const outcome = await harness.call('occurrence_chance', {
      species: 'yebsap',
      region: 'Michigan',
      month: 5,
    });
    const [layer] = layersOf(outcome);
    expect(layer).toMatchObject({ measure: 'occurrence', geometry: 'point' });
    const [counted] = await rows(
      "SELECT count(DISTINCT cell_id) AS cells, max(occurrence) AS top FROM weekly WHERE species_code = 'yebsap' AND state_code = 'USA-MI' AND week BETWEEN 18 AND 22",
      ['weekly'],
    );
    expect(layer!.featureCount).toBe(Number(counted!.cells));
    expect(layer!.domain[1]).toBeLessThanOrEqual(Number(counted!.top));
  });
});
