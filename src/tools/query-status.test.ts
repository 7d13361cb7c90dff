import { existsSync, readFileSync } from 'node:fs';
import { DuckDBInstance } from '@duckdb/node-api';
import { fromArrayBuffer } from 'geotiff';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEASURE_NAMES, type QueryFrame } from '../frame/query-frame';
import { statusResultSchema, type StatusResult, type StatusSubject } from '../frame/status-result';
import type { MapLayerPayload } from '../payloads';
import { SUPPORTED } from './status/supported';
import { close, exampleData, openHarness, type ToolHarness } from './test-support/tool-harness';

// Independent figures: numpy on the original GeoTIFFs / GeoPackage (reference.py) and native
// DuckDB on the original trends parquet (trends-reference.ts); below, the original weekly GeoTIFF
// is also decoded here with `geotiff` and native DuckDB reads the original trends parquet.
const STATUS = JSON.parse(
  readFileSync(new URL('../bench/reference/status-figures.json', import.meta.url), 'utf8'),
);
const TRENDS = JSON.parse(
  readFileSync(new URL('../bench/reference/trends-figures.json', import.meta.url), 'utf8'),
).breeding;
const EXAMPLE = new URL('../../../shared/data/ebirdst-example/', import.meta.url).pathname;
const WEEKLY_TIF = `${EXAMPLE}2023-yebsap-example/weekly/yebsap-example_abundance_median_27km_2023.tif`;
const TRENDS_PARQUET = `${EXAMPLE}2022-yebsap-example-trends/yebsap-example_breeding_ebird-trends_2022.parquet`;
const BUDGET = 16_384;
const MARQUETTE = { kind: 'near', name: 'Marquette', lon: -87.3954, lat: 46.5436, radius_km: 100 } as const;

const dataDir = exampleData();
let harness: ToolHarness;
beforeAll(async () => {
  if (dataDir) harness = await openHarness(dataDir);
});
afterAll(async () => harness?.close());

function frameOf(partial: Partial<QueryFrame> & Pick<QueryFrame, 'measure' | 'operation'>): QueryFrame {
  return { species: ['yebsap'], times: [], places: [], ...partial };
}

/** Runs a frame through the real registry; the result must parse with statusResultSchema and fit the budget untrimmed. */
async function status(partial: Partial<QueryFrame> & Pick<QueryFrame, 'measure' | 'operation'>) {
  const outcome = await harness.call('query_status', frameOf(partial));
  if (!outcome.envelope.ok) throw new Error(`query_status failed: ${JSON.stringify(outcome.envelope.error)}`);
  const result: StatusResult = statusResultSchema.parse(outcome.envelope.data);
  expect(JSON.stringify(outcome.envelope).length).toBeLessThan(BUDGET);
  return { result, subject: result.subjects[0]!, attachments: outcome.attachments };
}

async function failure(partial: Partial<QueryFrame> & Pick<QueryFrame, 'measure' | 'operation'>) {
  const outcome = await harness.call('query_status', frameOf(partial));
  if (outcome.envelope.ok) throw new Error('expected a failure');
  return outcome.envelope.error;
}

/** Great-circle km on the engine's sphere, written here so the reference does not share the engine's macro. */
function haversineKm(a: { lon: number; lat: number }, b: { lon: number; lat: number }): number {
  const radians = Math.PI / 180;
  return (
    2 *
    6371.0088 *
    Math.asin(
      Math.sqrt(
        Math.sin(((b.lat - a.lat) * radians) / 2) ** 2 +
          Math.cos(a.lat * radians) *
            Math.cos(b.lat * radians) *
            Math.sin(((b.lon - a.lon) * radians) / 2) ** 2,
      ),
    )
  );
}

const weekOf = (date: string) =>
  Math.round((Date.parse(`${date}T00:00:00Z`) - Date.UTC(2023, 0, 4)) / (7 * 86_400_000)) + 1;
const maxOf = (series: StatusSubject['series']) =>
  Math.max(...series!.flatMap((point) => (point.value === null ? [] : [point.value])));

describe.skipIf(!dataDir)('query_status on the real example', () => {
  it('covers every measure × operation of SUPPORTED with a result that parses and fits the budget', async () => {
    const places = { trend: [], range_area: [] } as Record<string, []>;
    for (const measure of MEASURE_NAMES) {
      for (const operation of SUPPORTED[measure]) {
        const times =
          operation === 'which_larger'
            ? [
                { kind: 'season', season: 'breeding' } as const,
                { kind: 'season', season: 'nonbreeding' } as const,
              ]
            : [];
        const frame = {
          measure,
          operation,
          times: measure === 'trend' && operation === 'which_larger' ? [] : times,
          places:
            measure === 'trend' && operation === 'which_larger'
              ? [{ kind: 'all' } as const, MARQUETTE]
              : (places[measure] ?? []),
        };
        const outcome = await harness.call('query_status', frameOf(frame));
        expect(outcome.envelope.ok, `${measure} × ${operation}: ${JSON.stringify(outcome.envelope)}`).toBe(
          true,
        );
        const result = statusResultSchema.parse((outcome.envelope as { data: unknown }).data);
        expect(result.operation).toBe(operation);
        if (operation === 'rank_species') expect(result.ranking!.length, `${measure} ranking`).toBe(1);
        else
          expect(result.subjects.length, `${measure} × ${operation}`).toBe(
            operation === 'which_larger' ? 2 : 1,
          );
      }
    }
  });

  it('when_highest over the year is the peak week 2023-04-19 at 0.6543 (numpy), the max of its series', async () => {
    const { result, subject, attachments } = await status({
      measure: 'abundance',
      operation: 'when_highest',
    });
    expect(subject.week!.date).toBe(STATUS.timing.peak_week);
    expect(close(subject.week!.value!, STATUS.timing.peak_mean)).toBe(true);
    expect(subject.week!.value).toBe(maxOf(subject.series));
    expect(subject.series!.length).toBe(52);
    expect(subject.cells_modelled).toBe(STATUS.data.cells);
    expect(result.read_as).toBe('relative abundance · when highest · whole year · every modelled cell');
    const chart = attachments.find((attachment) => attachment.kind === 'chart')!.payload as {
      columns: { value: unknown[] };
    };
    expect(chart.columns.value.length).toBe(52);
  });

  it('first/last_week_above and length_of_stay follow the 25%-of-peak rule: 2023-04-12 to 2023-10-04 (numpy)', async () => {
    const first = (await status({ measure: 'abundance', operation: 'first_week_above' })).subject;
    const last = (await status({ measure: 'abundance', operation: 'last_week_above' })).subject;
    const stay = (await status({ measure: 'abundance', operation: 'length_of_stay' })).subject;
    expect(first.week!.date).toBe(STATUS.timing.arrival_week);
    expect(last.week!.date).toBe(STATUS.timing.departure_week);
    expect(close(first.threshold!.value, 0.25 * STATUS.timing.peak_mean)).toBe(true);
    expect(first.week!.week).toBeLessThanOrEqual(weekOf(STATUS.timing.peak_week));
    expect(last.week!.week).toBeGreaterThanOrEqual(weekOf(STATUS.timing.peak_week));
    expect(stay.stay!.weeks).toBe(
      weekOf(STATUS.timing.departure_week) - weekOf(STATUS.timing.arrival_week) + 1,
    );
    const given = (
      await status({
        measure: 'abundance',
        operation: 'first_week_above',
        threshold: { value: 0.5, of: 'peak_share' },
      })
    ).subject;
    expect(given.week!.value!).toBeGreaterThanOrEqual(0.5 * maxOf(given.series));
    expect(given.week!.week).toBeGreaterThanOrEqual(first.week!.week);
  });

  it("the arrival map animates every cell-week, each drawn as its own cell's square", async () => {
    const { attachments } = await status({ measure: 'abundance', operation: 'first_week_above' });
    const layer = attachments
      .filter((attachment) => attachment.kind === 'map-layer')
      .map((attachment) => attachment.payload as MapLayerPayload)
      .find((payload) => payload.times !== undefined)!;
    expect(layer.featureCount).toBe(293 * 52);
    expect(layer.footprints).toHaveLength(layer.featureCount * 8);
    // A 27 km square around its own centre, feature by feature (a square taken from another cell
    // would lie tens of km away).
    for (let feature = 0; feature < layer.featureCount; feature++) {
      const corners = layer.footprints!.subarray(feature * 8, feature * 8 + 8);
      const lons = [corners[0], corners[2], corners[4], corners[6]];
      const lats = [corners[1], corners[3], corners[5], corners[7]];
      const [lon, lat] = [layer.coordinates[feature * 2], layer.coordinates[feature * 2 + 1]];
      expect(Math.min(...lons) < lon && lon < Math.max(...lons)).toBe(true);
      expect(Math.min(...lats) < lat && lat < Math.max(...lats)).toBe(true);
    }
  });

  it('the weekly series, biggest rise and drop match weekly means decoded here from the original GeoTIFF', async () => {
    const bytes = readFileSync(WEEKLY_TIF);
    const image = await (
      await fromArrayBuffer(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength))
    ).getImage();
    const bands = (await image.readRasters()) as unknown as Float32Array[];
    const means = bands.map((band) => {
      let sum = 0;
      let n = 0;
      for (const value of band)
        if (!Number.isNaN(value)) {
          sum += value;
          n++;
        }
      return sum / n;
    });
    const rise = (await status({ measure: 'abundance', operation: 'biggest_rise' })).subject;
    const drop = (await status({ measure: 'abundance', operation: 'biggest_drop' })).subject;
    for (const [index, point] of rise.series!.entries())
      expect(close(point.value!, means[index]!), `week ${point.week}`).toBe(true);
    const changes = means.slice(1).map((mean, index) => ({ week: index + 2, change: mean - means[index]! }));
    const up = changes.reduce((best, row) => (row.change > best.change ? row : best));
    const down = changes.reduce((best, row) => (row.change < best.change ? row : best));
    expect(rise.change!.to.week).toBe(up.week);
    expect(close(rise.change!.change, up.change)).toBe(true);
    expect(drop.change!.to.week).toBe(down.week);
    expect(close(drop.change!.change, down.change)).toBe(true);
    const lowest = (await status({ measure: 'abundance', operation: 'when_lowest' })).subject;
    expect(lowest.week!.week).toBe(means.indexOf(Math.min(...means)) + 1);
  });

  it('value over a season is the seasonal mean (numpy), for abundance and occurrence', async () => {
    for (const season of [
      'breeding',
      'nonbreeding',
      'prebreeding_migration',
      'postbreeding_migration',
    ] as const) {
      const abundance = (
        await status({ measure: 'abundance', operation: 'value', times: [{ kind: 'season', season }] })
      ).subject;
      expect(close(abundance.mean!, STATUS.seasonal_abundance_mean[season]), season).toBe(true);
      expect(abundance.total).toBeCloseTo(abundance.mean! * abundance.cells_modelled, 6);
      const occurrence = (
        await status({ measure: 'occurrence', operation: 'value', times: [{ kind: 'season', season }] })
      ).subject;
      expect(close(occurrence.mean!, STATUS.seasonal_occurrence_mean[season]), season).toBe(true);
    }
  });

  it('a week span gives the June mean and top cell (numpy); interval bounds bracket the median', async () => {
    const june = { kind: 'weeks', from: 23, to: 26, label: 'June' } as const;
    const { subject, result } = await status({
      measure: 'abundance',
      operation: 'where_highest',
      times: [june],
      interval: true,
    });
    expect(close(subject.mean!, STATUS.where_june.mean_abundance)).toBe(true);
    expect(close(subject.top_cells![0]!.value!, STATUS.where_june.top_cell_abundance)).toBe(true);
    expect(subject.top_cells!.length).toBe(5);
    expect(subject.lower!).toBeLessThan(subject.mean!);
    expect(subject.upper!).toBeGreaterThan(subject.mean!);
    // Regions rank by the mean of their cells: the mask's 8 Wisconsin border cells can outrank Michigan's 266.
    const regionMeans = subject.top_regions!.map((region) => region.value!);
    expect(regionMeans).toEqual([...regionMeans].sort((a, b) => b - a));
    expect(subject.top_regions!.find((region) => region.code === 'USA-MI')).toMatchObject({
      name: 'Michigan',
      cells: 266,
    });
    expect(result.read_as).toBe('relative abundance · where highest · June · every modelled cell');
  });

  it('cells_above counts the occupied cells of week 24 (numpy 202 of 293); share = count / cells_modelled', async () => {
    const { subject } = await status({
      measure: 'abundance',
      operation: 'cells_above',
      times: [{ kind: 'weeks', from: 24, to: 24, label: 'week 24' }],
      threshold: { value: 1e-12, of: 'value' },
    });
    expect(subject.cells_above!.count).toBe(STATUS.where_week_24.cells_occupied);
    expect(subject.cells_above!.share).toBe(subject.cells_above!.count / subject.cells_modelled);
    const byDefault = (await status({ measure: 'occurrence', operation: 'cells_above' })).subject;
    expect(byDefault.threshold!.rule).toMatch(/25% of the highest cell mean/);
    expect(byDefault.cells_above!.share).toBe(byDefault.cells_above!.count / byDefault.cells_modelled);
  });

  it('a season or span across the new year walks its weeks in order: nonbreeding peak 2023-12-13 (numpy)', async () => {
    const season = (
      await status({
        measure: 'abundance',
        operation: 'when_highest',
        times: [{ kind: 'season', season: 'nonbreeding' }],
      })
    ).subject;
    expect(season.week!.date).toBe(STATUS.peak_nonbreeding.peak_week);
    expect(close(season.week!.value!, STATUS.peak_nonbreeding.peak_mean)).toBe(true);
    expect(season.series!.map((point) => point.week).slice(0, 7)).toEqual([47, 48, 49, 50, 51, 52, 1]);
    const span = (
      await status({
        measure: 'abundance',
        operation: 'when_highest',
        times: [{ kind: 'weeks', from: 47, to: 10, label: 'winter' }],
      })
    ).subject;
    expect(span.week).toEqual(season.week);
  });

  it('occurrence in May: mean 0.2388 and best week 2023-05-03 (numpy)', async () => {
    const may = { kind: 'weeks', from: 18, to: 22, label: 'May' } as const;
    const value = (await status({ measure: 'occurrence', operation: 'value', times: [may] })).subject;
    expect(close(value.mean!, STATUS.chance_may.mean_probability)).toBe(true);
    const best = (await status({ measure: 'occurrence', operation: 'when_highest', times: [may] })).subject;
    expect(best.week!.date).toBe(STATUS.chance_may.best_week);
    expect(close(best.week!.value!, STATUS.chance_may.best_week_probability)).toBe(true);
  });

  it('range_area gives the smooth range polygons in every unit (numpy 112,657.316 km² breeding)', async () => {
    const breeding = STATUS.ranges_smooth['range|breeding'].area_km2;
    const prediction = STATUS.ranges_smooth['prediction_area|breeding'].area_km2;
    const season = [{ kind: 'season', season: 'breeding' } as const];
    const km2 = (await status({ measure: 'range_area', operation: 'value', times: season })).subject;
    expect(close(km2.area!.value, breeding)).toBe(true);
    expect(
      close(
        (await status({ measure: 'range_area', operation: 'value', times: season, units: 'mi2' })).subject
          .area!.value,
        breeding / 2.589988,
      ),
    ).toBe(true);
    expect(
      close(
        (await status({ measure: 'range_area', operation: 'value', times: season, units: 'acres' })).subject
          .area!.value,
        breeding * 247.105,
      ),
    ).toBe(true);
    expect(
      close(
        (await status({ measure: 'range_area', operation: 'value', times: season, units: 'hectares' }))
          .subject.area!.value,
        breeding * 100,
      ),
    ).toBe(true);
    expect(
      close(
        (await status({ measure: 'range_area', operation: 'value', times: season, units: 'percent' })).subject
          .area!.value,
        (100 * breeding) / prediction,
      ),
    ).toBe(true);
    const none = await status({ measure: 'range_area', operation: 'value' });
    expect(none.subject.area!.season).toBe('breeding');
    expect(none.result.caveats.join(' ')).toMatch(/nonbreeding 42,018 km²/);
    const winter = (
      await status({
        measure: 'range_area',
        operation: 'value',
        times: [{ kind: 'season', season: 'nonbreeding' }],
      })
    ).subject;
    expect(close(winter.area!.km2, STATUS.ranges_smooth['range|nonbreeding'].area_km2)).toBe(true);
  });

  it('range_area for a smaller place counts its cells inside the polygons: never more than the place', async () => {
    const { subject } = await status({
      measure: 'range_area',
      operation: 'value',
      times: [{ kind: 'season', season: 'breeding' }],
      places: [MARQUETTE],
    });
    expect(subject.area!.km2).toBeGreaterThan(0);
    expect(subject.area!.km2).toBeLessThanOrEqual(subject.cells_in_place * 729 + 1e-6);
    const share = (
      await status({
        measure: 'range_area',
        operation: 'value',
        times: [{ kind: 'season', season: 'breeding' }],
        places: [MARQUETTE],
        units: 'percent',
      })
    ).subject;
    expect(share.area!.value).toBeCloseTo((100 * subject.area!.km2) / (subject.cells_in_place * 729), 6);
  });

  it('trend value matches the original trends parquet (trends-reference.ts): 156 cells, median, weighted, signs', async () => {
    const { subject } = await status({ measure: 'trend', operation: 'value' });
    expect(subject.trend!.cells).toBe(TRENDS.n_rows);
    expect(close(subject.trend!.median_ppy, TRENDS.cell_median_ppy)).toBe(true);
    expect(close(subject.trend!.mean_ppy, TRENDS.cell_mean_ppy)).toBe(true);
    expect(close(subject.trend!.weighted_ppy!, TRENDS.weighted_mean_ppy)).toBe(true);
    expect(subject.trend!.cells_negative).toBe(TRENDS.n_negative);
    expect(subject.trend!.cells_interval_excludes_zero).toBe(
      TRENDS.n_declining_ci_excludes_zero + TRENDS.n_increasing_ci_excludes_zero,
    );
    expect([subject.trend!.start_year, subject.trend!.end_year]).toEqual([2012, 2022]);
  });

  it('trend near a place and where it rises fastest match native DuckDB on the original trends parquet', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const rows = (
      await connection.runAndReadAll(
        `SELECT longitude AS lon, latitude AS lat, abd_ppy FROM read_parquet('${TRENDS_PARQUET}')`,
      )
    )
      .getRowObjectsJS()
      .map((row) => ({ lon: Number(row.lon), lat: Number(row.lat), ppy: Number(row.abd_ppy) }));
    connection.closeSync();
    // The 100 km radius is well above the 19.1 km half diagonal, so the radius alone decides.
    const near = rows.filter((row) => haversineKm(MARQUETTE, row) <= MARQUETTE.radius_km);
    const { subject } = await status({ measure: 'trend', operation: 'value', places: [MARQUETTE] });
    expect(subject.trend!.cells).toBe(near.length);
    expect(close(subject.trend!.mean_ppy, near.reduce((sum, row) => sum + row.ppy, 0) / near.length)).toBe(
      true,
    );
    const fastest = (await status({ measure: 'trend', operation: 'where_highest', top_n: 3 })).subject;
    const sorted = rows.map((row) => row.ppy).sort((a, b) => b - a);
    expect(fastest.top_cells!.map((cell) => cell.value)).toEqual(
      sorted.slice(0, 3).map((value) => expect.closeTo(value, 9)),
    );
    const slowest = (await status({ measure: 'trend', operation: 'where_lowest', top_n: 1 })).subject;
    expect(slowest.top_cells![0]!.value).toBeCloseTo(sorted.at(-1)!, 9);
  });

  it('trend for a season without trends fails, naming the seasons that have them', async () => {
    const error = await failure({
      measure: 'trend',
      operation: 'value',
      times: [{ kind: 'season', season: 'nonbreeding' }],
    });
    expect(error.code).toBe('not_covered');
    expect(error.message).toMatch(/Trends exist for: breeding \(2012–2022\)/);
  });

  it('which_larger two times: the breeding season over nonbreeding, with difference and ratio of the two means', async () => {
    const { result } = await status({
      measure: 'abundance',
      operation: 'which_larger',
      times: [
        { kind: 'season', season: 'nonbreeding' },
        { kind: 'season', season: 'breeding' },
      ],
    });
    const [winter, summer] = result.subjects.map((subject) => subject.mean!);
    expect(
      close(summer!, STATUS.seasonal_abundance_mean.breeding) &&
        close(winter!, STATUS.seasonal_abundance_mean.nonbreeding),
    ).toBe(true);
    expect(result.comparison).toEqual({ larger: 1, difference: summer! - winter!, ratio: summer! / winter! });
    const places = await status({
      measure: 'abundance',
      operation: 'which_larger',
      places: [{ kind: 'region', code: 'USA-MI' }, MARQUETTE],
    });
    const [a, b] = places.result.subjects.map((subject) => subject.mean!);
    expect(places.result.comparison!.larger).toBe(b! > a! ? 1 : 0);
    expect(places.result.comparison!.difference).toBeCloseTo(Math.abs(a! - b!), 12);
  });

  it('which_larger with other than two subjects is refused', async () => {
    expect((await failure({ measure: 'abundance', operation: 'which_larger' })).code).toBe(
      'invalid_arguments',
    );
  });

  it('rank_species with no species ranks every species in the data by its value', async () => {
    const { result } = await status({
      measure: 'abundance',
      operation: 'rank_species',
      species: [],
      times: [{ kind: 'season', season: 'breeding' }],
    });
    expect(result.ranking!.map((row) => row.species_code)).toEqual(['yebsap']);
    expect(close(result.ranking![0]!.value!, STATUS.seasonal_abundance_mean.breeding)).toBe(true);
  });

  it('Michigan is the mask: every modelled cell, said once in the caveats', async () => {
    const { subject, result } = await status({
      measure: 'abundance',
      operation: 'value',
      places: [{ kind: 'region', code: 'USA-MI' }],
    });
    expect(subject.cells_modelled).toBe(STATUS.data.cells);
    expect(result.caveats.filter((caveat) => caveat.includes('masked to Michigan')).length).toBe(1);
    expect(result.read_as).toBe('relative abundance · value · whole year · Michigan');
  });

  it.each([
    ['Wisconsin', 'USA-WI'],
    ['Ohio', 'USA-OH'],
    ['Canada', 'CAN'],
  ])('%s is not covered: the message says the data is masked to Michigan', async (name, code) => {
    const error = await failure({
      measure: 'abundance',
      operation: 'value',
      places: [{ kind: 'region', code }],
    });
    expect(error.code).toBe('not_covered');
    expect(error.message).toBe(
      `not_covered: The Yellow-bellied Sapsucker data is masked to Michigan; it has no figures for ${name} (${code}).`,
    );
  });

  it('a point outside the model is not covered; a near place inside works and is a subset of the cells', async () => {
    const outside = await failure({
      measure: 'abundance',
      operation: 'value',
      places: [{ kind: 'near', name: 'Columbus', lon: -82.9988, lat: 39.9612, radius_km: 50 }],
    });
    expect(outside.code).toBe('not_covered');
    const { subject, result } = await status({
      measure: 'abundance',
      operation: 'where_highest',
      places: [MARQUETTE],
      top_n: 25,
    });
    expect(subject.cells_in_place).toBeGreaterThan(0);
    expect(subject.cells_in_place).toBeLessThan(STATUS.data.cells);
    expect(subject.top_cells!.length).toBe(Math.min(25, subject.cells_modelled));
    expect(result.read_as).toContain('within 100 km of Marquette');
    console.log(
      `[query_status] near Marquette (100 km): ${subject.cells_in_place} cells, mean ${subject.mean}, top cell ${subject.top_cells![0]!.near}`,
    );
  });

  it('centre is the abundance-weighted mean of the cell centres, inside the data', async () => {
    const { subject } = await status({
      measure: 'abundance',
      operation: 'centre',
      times: [{ kind: 'season', season: 'breeding' }],
    });
    const cells = (
      await status({
        measure: 'abundance',
        operation: 'where_highest',
        times: [{ kind: 'season', season: 'breeding' }],
        top_n: 1,
      })
    ).subject;
    const bbox = STATUS.ranges_smooth['prediction_area|breeding'];
    expect(subject.centre!.lon).toBeGreaterThan(bbox.xmin);
    expect(subject.centre!.lon).toBeLessThan(bbox.xmax);
    expect(subject.centre!.lat).toBeGreaterThan(bbox.ymin);
    expect(subject.centre!.lat).toBeLessThan(bbox.ymax);
    expect(cells.cells_modelled).toBe(subject.cells_modelled);
  });

  it('range_area × when_highest is unsupported_combination naming the valid operations', async () => {
    const error = await failure({ measure: 'range_area', operation: 'when_highest' });
    expect(error.code).toBe('unsupported_combination');
    expect(error.message).toContain(SUPPORTED.range_area.join(', '));
  });

  it('maps go out of band: where_highest attaches one layer of every cell, the result holds no coordinates', async () => {
    const outcome = await harness.call(
      'query_status',
      frameOf({
        measure: 'abundance',
        operation: 'where_highest',
        top_n: 25,
        interval: true,
        places: [{ kind: 'all' }, MARQUETTE],
      }),
    );
    expect(outcome.envelope.ok).toBe(true);
    const layers = outcome.attachments
      .filter((attachment) => attachment.kind === 'map-layer')
      .map((attachment) => attachment.payload as { featureCount: number });
    expect(layers.map((layer) => layer.featureCount)[0]).toBe(STATUS.data.cells);
    expect(layers.length).toBe(2);
    expect(JSON.stringify(outcome.envelope)).not.toContain('coordinates');
    expect(JSON.stringify(outcome.envelope).length).toBeLessThan(BUDGET);
  });
});

const partsReady =
  dataDir !== null &&
  existsSync(`${dataDir}/region_parts.parquet`) &&
  existsSync(`${dataDir}/cell_parts.parquet`);
if (dataDir && !partsReady)
  console.warn(
    `[query_status] skipping region-part tests: ${dataDir} has no region_parts/cell_parts tables yet (being added by another helper)`,
  );

describe.skipIf(!partsReady)('query_status with region parts', () => {
  const partCells = async (part: string) =>
    (await status({ measure: 'abundance', operation: 'value', places: [{ kind: 'part', part }] })).subject
      .cells_in_place;

  it('the Upper and Lower Peninsulas partition the Michigan cells, and so do northern and southern Michigan', async () => {
    const direct = await harness.engine.query("SELECT count(*) AS n FROM cells WHERE state_code = 'USA-MI'", {
      scope: ['cells'],
    });
    const michiganCells = Number(direct.table.getChild('n')!.get(0));
    expect((await partCells('upper_peninsula')) + (await partCells('lower_peninsula'))).toBe(michiganCells);
    expect((await partCells('northern_michigan')) + (await partCells('southern_michigan'))).toBe(
      michiganCells,
    );
    expect(await partCells('the UP')).toBe(await partCells('upper_peninsula'));
  });

  it('a part of an uncovered region is not covered, even with modelled border cells', async () => {
    const error = await failure({
      measure: 'abundance',
      operation: 'value',
      places: [{ kind: 'part', part: 'northern_wisconsin' }],
    });
    expect(error).toMatchObject({
      code: 'not_covered',
      message:
        'not_covered: The Yellow-bellied Sapsucker data is masked to Michigan; it has no figures for Northern Wisconsin (part of Wisconsin).',
    });
  });

  it('trend and range_area work for a part: its cells are a subset of the whole', async () => {
    const up = (
      await status({
        measure: 'trend',
        operation: 'value',
        places: [{ kind: 'part', part: 'upper_peninsula' }],
      })
    ).subject;
    const lp = (
      await status({
        measure: 'trend',
        operation: 'value',
        places: [{ kind: 'part', part: 'lower_peninsula' }],
      })
    ).subject;
    expect(up.trend!.cells).toBeGreaterThan(0);
    expect(up.trend!.cells + lp.trend!.cells).toBeLessThanOrEqual(TRENDS.n_rows);
    const range = (
      await status({
        measure: 'range_area',
        operation: 'value',
        times: [{ kind: 'season', season: 'breeding' }],
        places: [{ kind: 'part', part: 'upper_peninsula' }],
      })
    ).subject;
    expect(range.area!.km2).toBeLessThanOrEqual(range.cells_in_place * 729 + 1e-6);
  });
});

const placesReady = dataDir !== null && existsSync(`${dataDir}/places.parquet`);
if (dataDir && !placesReady)
  console.warn(
    `[query_status] skipping nearest-town tests: ${dataDir} has no places table yet (being added by another helper)`,
  );

describe.skipIf(!placesReady)('query_status names the nearest town', () => {
  it('each top cell and the centre name the town nearest by haversine (computed here from the places file)', async () => {
    const instance = await DuckDBInstance.create(':memory:');
    const connection = await instance.connect();
    const towns = (
      await connection.runAndReadAll(`SELECT name, lon, lat FROM read_parquet('${dataDir}/places.parquet')`)
    )
      .getRowObjectsJS()
      .map((row) => ({ name: String(row.name), lon: Number(row.lon), lat: Number(row.lat) }));
    connection.closeSync();
    const nearest = (point: { lon: number; lat: number }) =>
      towns.reduce((best, town) => (haversineKm(point, town) < haversineKm(point, best) ? town : best));
    const { subject } = await status({ measure: 'abundance', operation: 'where_highest', top_n: 10 });
    for (const cell of subject.top_cells!) {
      expect(cell.near, `cell ${cell.cell_id}`).toMatch(/^(at .+|\d+ km (N|NE|E|SE|S|SW|W|NW) of .+)$/);
      expect(cell.near!, `cell ${cell.cell_id}`).toContain(nearest(cell).name);
    }
    const centre = (
      await status({
        measure: 'abundance',
        operation: 'centre',
        times: [{ kind: 'season', season: 'breeding' }],
      })
    ).subject.centre!;
    expect(centre.near!).toContain(nearest(centre).name);
  });
});
