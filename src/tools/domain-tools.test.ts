import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { close, exampleData, openHarness, type ToolHarness } from './test-support/tool-harness';

// Reference figures computed independently from the original files, owned by the repository (so a
// clone without ../shared still loads this file): numpy on the GeoTIFFs and GeoPackage
// (reference.py) and native DuckDB on the trends parquet (trends-reference.ts). They reproduce
// public.json's public-1, -3, -7 and -10 (src/bench/reference/README.md).
const STATUS = JSON.parse(
  readFileSync(new URL('../bench/reference/status-figures.json', import.meta.url), 'utf8'),
);
const TRENDS = JSON.parse(
  readFileSync(new URL('../bench/reference/trends-figures.json', import.meta.url), 'utf8'),
).breeding;
const BREEDING_RANGE = STATUS.ranges_smooth['range|breeding'];
const BREEDING_PREDICTION_AREA = STATUS.ranges_smooth['prediction_area|breeding'];

const dataDir = exampleData();
let harness: ToolHarness;
beforeAll(async () => {
  if (dataDir) harness = await openHarness(dataDir);
});
afterAll(async () => harness?.close());

describe.skipIf(!dataDir)('domain tools on the real example', () => {
  it('weekly_series finds the peak week, its mean and sum (public-1) and week 24', async () => {
    const result = await harness.data('weekly_series', { species: 'Yellow-bellied Sapsucker' });
    const expected = STATUS.timing;
    expect(result.peak.date).toBe(expected.peak_week);
    expect(close(result.peak.mean, expected.peak_mean)).toBe(true);
    expect(close(result.peak.sum, expected.peak_sum)).toBe(true);
    expect(result.peak.season).toBe('prebreeding_migration');
    expect(result.count).toBe(52);
    const week24 = result.weeks.find((week: { week: number }) => week.week === 24);
    expect(week24.date).toBe('2023-06-14');
    expect(close(week24.mean, 0.2308954)).toBe(true);
    // FORMAT.md §1a: one cell is NaN only in week 8, so that week has 292 modelled cells.
    expect(result.weeks.find((week: { week: number }) => week.week === 8).cells_modelled).toBe(292);
    // From the pre-aggregates (weekly_regions), with the figures numpy gives on the rasters.
    expect(result.source.tables).toEqual(['seasons', 'species', 'weekly_regions']);
    expect(result.caveats.join(' ')).toMatch(/not the number of birds/);
  });

  it('weekly_series reads a typo and a postal code through the data', async () => {
    const result = await harness.data('weekly_series', { species: 'sapsuker', region: 'MI' });
    expect(result.species.code).toBe('yebsap');
    expect(result.region).toEqual({ code: 'USA-MI', name: 'Michigan' });
    expect(result.caveats[0]).toMatch(/'sapsuker' was read as Yellow-bellied Sapsucker/);
    expect(result.source.sql.at(-1)).toContain("region_type = 'state' AND region_code = 'USA-MI'");
  });

  it('seasonal_summary gives the four season means in chronological order (public-10)', async () => {
    const result = await harness.data('seasonal_summary', { species: 'yebsap' });
    const expected = STATUS.seasonal_abundance_mean;
    for (const season of ['breeding', 'nonbreeding', 'prebreeding_migration', 'postbreeding_migration']) {
      const row = result.seasons.find((candidate: { season: string }) => candidate.season === season);
      expect(close(row.mean, expected[season]), season).toBe(true);
      expect(row.cells_modelled).toBe(293);
    }
    expect(result.seasons.map((row: { season: string }) => row.season)).toEqual([
      'prebreeding_migration',
      'breeding',
      'postbreeding_migration',
      'nonbreeding',
      'full_year',
    ]);
    expect(result.highest.season).toBe('prebreeding_migration');
  });

  it('trend_summary gives cell statistics and the fold-based regional trend (public-3)', async () => {
    const result = await harness.data('trend_summary', { species: 'yebsap' });
    const expected = TRENDS;
    expect(close(result.cells.mean_ppy, expected.cell_mean_ppy)).toBe(true);
    expect(close(result.cells.median_ppy, expected.cell_median_ppy)).toBe(true);
    expect(result.cells.negative).toBe(expected.n_negative);
    expect(result.cells.count).toBe(expected.n_rows);
    expect(result.cells.declining_ci_excludes_zero + result.cells.increasing_ci_excludes_zero).toBe(45);
    expect(close(result.cells.abundance_weighted_mean_ppy, expected.weighted_mean_ppy)).toBe(true);
    expect(close(result.regional_trend.median_ppy, expected.regional_ppy_median_folds)).toBe(true);
    expect(close(result.regional_trend.ci80[0], expected.regional_ppy_80ci[0])).toBe(true);
    expect(close(result.regional_trend.ci80[1], expected.regional_ppy_80ci[1])).toBe(true);
    expect(result.regional_trend.folds).toBe(100);
    expect(result.period).toMatchObject({ start_year: 2012, end_year: 2022, release: 2022 });
    expect(result.caveats.join(' ')).toMatch(/2012–2022.*compare releases only with care/);
  });

  it('range_summary gives the breeding range area and its share of the prediction area (public-7)', async () => {
    const result = await harness.data('range_summary', { species: 'yebsap', season: 'breeding' });
    expect(close(result.area_km2, BREEDING_RANGE.area_km2)).toBe(true);
    expect(close(result.prediction_area_km2, BREEDING_PREDICTION_AREA.area_km2)).toBe(true);
    expect(close(result.bbox.xmin, BREEDING_RANGE.xmin) && close(result.bbox.ymax, BREEDING_RANGE.ymax)).toBe(
      true,
    );
    expect(result.share_in_words).toBe('74.3% of the 151,643 km² prediction area');
  });

  it('where_is for a date uses its nearest week, and attaches a map layer out of band', async () => {
    const outcome = await harness.call('where_is', { species: 'yebsap', date: '2023-06-15' });
    expect(outcome.envelope.ok).toBe(true);
    const result = (outcome.envelope as { data: Record<string, any> }).data;
    expect(result.weeks).toEqual([24]);
    expect(close(result.mean_abundance, 0.2308954)).toBe(true);
    expect(result.cells_modelled).toBe(293);
    const layer = outcome.attachments.find((attachment) => attachment.kind === 'map-layer')!.payload as {
      featureCount: number;
      values: Float32Array;
      footprints?: Float64Array;
    };
    expect(layer.featureCount).toBe(293);
    // Cells are drawn as their squares: 4 corners each.
    expect(layer.footprints).toHaveLength(293 * 8);
    expect(layer.values).toBeInstanceOf(Float32Array);
    expect(JSON.stringify(outcome.envelope)).not.toContain('coordinates');
  });

  it('where_is for the breeding season averages its weeks per cell: the seasonal mean', async () => {
    const result = await harness.data('where_is', { species: 'yebsap', season: 'breeding' });
    expect(result.weeks).toEqual(Array.from({ length: 14 }, (_, index) => 20 + index));
    expect(close(result.mean_abundance, STATUS.seasonal_abundance_mean.breeding)).toBe(true);
  });

  it('where_is with two time arguments is refused', async () => {
    const outcome = await harness.call('where_is', { species: 'yebsap', week: 3, month: 5 });
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'invalid_arguments' } });
  });

  it('top_regions reports fractions as percents in words', async () => {
    const result = await harness.data('top_regions', { species: 'yebsap', season: 'breeding' });
    const michigan = result.regions.find(
      (region: { region_code: string }) => region.region_code === 'USA-MI',
    );
    expect(michigan.total_pop_percent).toBe(`${(michigan.total_pop_fraction * 100).toFixed(1)}%`);
    expect(michigan.abundance_mean).toBeCloseTo(0.26587, 4);
    expect(result.caveats.join(' ')).toMatch(/0\.35 means 35%/);
  });

  it('occurrence_chance averages weekly occurrence over the month in the region', async () => {
    const result = await harness.data('occurrence_chance', {
      species: 'yebsap',
      region: 'Michigan',
      month: 5,
    });
    expect(result.weeks.map((week: { week: number }) => week.week)).toEqual([18, 19, 20, 21, 22]);
    expect(result.mean_probability).toBeGreaterThan(0);
    expect(result.mean_probability).toBeLessThanOrEqual(0.77781);
    const direct = await harness.engine.query(
      "SELECT avg(occurrence) AS m FROM weekly WHERE species_code = 'yebsap' AND state_code = 'USA-MI' AND week = 18",
      { scope: ['weekly'] },
    );
    expect(close(result.weeks[0].mean, Number(direct.table.getChild('m')!.get(0)))).toBe(true);
  });

  it('species_profile lists seasons with review status and both releases', async () => {
    const result = await harness.data('species_profile', { species: 'Sphyrapicus varius' });
    expect(result).toMatchObject({
      species_code: 'yebsap',
      release: 2023,
      trends_release: 2022,
      is_resident: false,
    });
    expect(result.seasons.map((season: { season: string }) => season.season)).toEqual([
      'prebreeding_migration',
      'breeding',
      'postbreeding_migration',
      'nonbreeding',
    ]);
    expect(result.seasons.every((season: { passed_review: boolean }) => season.passed_review)).toBe(true);
  });

  it('find_region maps a name, a postal code and a code to the data key', async () => {
    for (const text of ['Michigan', 'MI', 'USA-MI', 'michigen']) {
      const result = await harness.data('find_region', { text });
      expect(result.candidates[0].region_code, text).toBe('USA-MI');
    }
  });
});
