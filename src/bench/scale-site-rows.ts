import { dateOfDay, seasonWeeks } from '../pipeline/read/read-config';
import type { Stage } from '../pipeline/tables/stage';
import { tableSpec } from '../pipeline/tables/table-specs';
import type { ScaleSpecies } from './scale-site-params';

/**
 * The scale site's rows, all made by SQL inside the pipeline's own `Stage` (native DuckDB), never
 * through a JS row appender: species, seasons and weeks once; then, one batch of species at a
 * time, `weekly` and `seasonal` (replaced for each batch, so the stage holds one batch) and that
 * batch's `ranges` and `regional_stats` (kept in temp tables until the last write).
 */
const RELEASE = 2023;
/** The 2023 example's season windows (as the simulated demo uses), so seasons behave like real ones. */
const SEASONS = [
  { season: 'nonbreeding', start_date: '2023-11-22', end_date: '2023-03-08' },
  { season: 'prebreeding_migration', start_date: '2023-03-15', end_date: '2023-05-10' },
  { season: 'breeding', start_date: '2023-05-17', end_date: '2023-08-16' },
  { season: 'postbreeding_migration', start_date: '2023-08-23', end_date: '2023-11-15' },
];
const WEEK_DATES = Array.from({ length: 52 }, (_, index) => dateOfDay(RELEASE, 4 + 7 * index));

/** Species, seasons, weeks and the temp tables the per-species SQL reads. */
export async function stageSpeciesTables(stage: Stage, species: readonly ScaleSpecies[]): Promise<void> {
  const connection = stage.connection;
  const text = (value: string) => `'${value.replaceAll("'", "''")}'`;
  await connection.run(
    `CREATE TEMP TABLE sim_species AS SELECT * FROM (VALUES ${species
      .map(
        (s) =>
          `(${s.index}, ${text(s.code)}, ${text(s.commonName)}, ${text(s.scientificName)}, ${s.cells}, ${s.row0}, ${s.column0}, ${s.width}, ${s.height}, ${s.peak}, ${s.phase})`,
      )
      .join(
        ', ',
      )}) AS t(i, species_code, common_name, scientific_name, cells, row0, column0, width, height, peak, phase)`,
  );
  await connection.run(`INSERT INTO species BY NAME
    SELECT species_code, species_code || '-simulated' AS run_name, common_name, scientific_name, ${RELEASE} AS release,
      false AS is_resident, NULL AS trends_release, 'weekly,seasonal,ranges,regional_stats' AS products, true AS simulated
    FROM sim_species`);
  await connection.run(`INSERT INTO weeks BY NAME
    SELECT ${RELEASE} AS release, week::INTEGER AS week, DATE '${WEEK_DATES[0]}' + 7 * (week - 1)::INTEGER AS date,
      (4 + 7 * (week - 1))::INTEGER AS day_of_year, month(DATE '${WEEK_DATES[0]}' + 7 * (week - 1)::INTEGER)::INTEGER AS month
    FROM range(1, 53) AS t(week)`);
  const seasonRows = SEASONS.map((season) => {
    const weeks = seasonWeeks(season, WEEK_DATES);
    return { ...season, weeks, start: weeks[0], end: weeks[weeks.length - 1] };
  });
  // nonbreeding wraps the year: its weeks run 47..52, 1..10, so its first week is the one after the gap.
  const nonbreeding = seasonRows[0];
  const gap = nonbreeding.weeks.findIndex(
    (week, index) => index > 0 && week !== nonbreeding.weeks[index - 1] + 1,
  );
  if (gap > 0) [nonbreeding.start, nonbreeding.end] = [nonbreeding.weeks[gap], nonbreeding.weeks[gap - 1]];
  await connection.run(
    `CREATE TEMP TABLE sim_season_defs AS SELECT * FROM (VALUES ${seasonRows
      .map(
        (s) =>
          `('${s.season}', DATE '${s.start_date}', DATE '${s.end_date}', ${s.start}, ${s.end}, ${s.weeks.length})`,
      )
      .join(', ')}) AS t(season, start_date, end_date, start_week, end_week, weeks)`,
  );
  await connection.run(`INSERT INTO seasons BY NAME
    SELECT s.species_code, d.season, d.start_date, d.end_date, d.start_week, d.end_week, d.weeks,
      true AS passed_review, 3 AS quality
    FROM sim_species AS s CROSS JOIN sim_season_defs AS d`);
  await connection.run(
    `CREATE TEMP TABLE sim_season_weeks AS SELECT * FROM (VALUES ${seasonRows
      .flatMap((s) => s.weeks.map((week) => `('${s.season}', ${week})`))
      .join(', ')}) AS t(season, week)`,
  );
  await connection.run('CREATE TEMP TABLE sim_ranges AS SELECT * FROM ranges LIMIT 0');
  await connection.run('CREATE TEMP TABLE sim_regional_stats AS SELECT * FROM regional_stats LIMIT 0');
}

/**
 * Replaces `weekly` and `seasonal` with the rows of `codes`; adds their ranges and regional stats
 * to the temp tables. Returns the weekly rows staged.
 *
 * Abundance is a smooth bump that moves north in summer and south in winter across the species'
 * rectangle (v = 0 its north edge), zero where the bump is below 6% of the peak and in a 5%
 * speckle (about half the cell-weeks are 0, as in the example: 8,057 of 15,236), stored at
 * float32 precision like the GeoTIFFs, so the parquet compresses like a real build's.
 */
export async function stageSpeciesRows(stage: Stage, codes: readonly string[]): Promise<number> {
  const connection = stage.connection;
  for (const table of ['weekly', 'seasonal']) await recreate(stage, table);
  await stageBatchCells(stage, codes);
  // The share of the population needs each week's total: the rows go in without it, then one
  // UPDATE from the totals of the stored abundance (2.8–3.0 s per 10 species in the build, where
  // computing the rows' values a second time for the totals took 13.7 s; a window ~12% longer still).
  await connection.run(`INSERT INTO weekly BY NAME
    SELECT species_code, week, date, cell_id, country_code, state_code, abundance,
      (abundance * 0.55)::FLOAT::DOUBLE AS abundance_lower, (abundance * 1.6)::FLOAT::DOUBLE AS abundance_upper,
      (1 - exp(-1.4 * abundance))::FLOAT::DOUBLE AS occurrence,
      CASE WHEN abundance > 0 THEN (abundance / (1 - exp(-1.4 * abundance)))::FLOAT::DOUBLE ELSE 0.0 END AS count
    FROM (${VALUED_ROWS})`);
  await connection.run(
    'CREATE OR REPLACE TEMP TABLE sim_week_totals AS SELECT species_code, week, sum(abundance) AS total FROM weekly GROUP BY ALL',
  );
  await connection.run(`UPDATE weekly SET proportion_population = (abundance / nullif(t.total, 0))::FLOAT::DOUBLE
    FROM sim_week_totals AS t WHERE weekly.species_code = t.species_code AND weekly.week = t.week`);
  const aggregate = (join: string, season: string) => `INSERT INTO seasonal BY NAME
    SELECT species_code, ${season} AS season, cell_id, any_value(country_code) AS country_code, any_value(state_code) AS state_code,
      avg(abundance) AS abundance_mean, max(abundance) AS abundance_max, avg(count) AS count_mean, max(count) AS count_max,
      avg(occurrence) AS occurrence_mean, max(occurrence) AS occurrence_max
    FROM weekly ${join} GROUP BY ALL`;
  await connection.run(aggregate('JOIN sim_season_weeks USING (week)', 'season'));
  await connection.run(aggregate('', "'full_year'"));
  await connection.run(`UPDATE seasonal SET proportion_population_mean = abundance_mean / t.total
    FROM (SELECT season, sum(abundance_mean) AS total FROM seasonal GROUP BY ALL) AS t
    WHERE seasonal.season = t.season AND seasonal.season <> 'full_year'`);
  await stageRanges(stage);
  await stageRegionalStats(stage);
  const rows = await connection.runAndReadAll('SELECT count(*) FROM weekly');
  return Number(rows.getRows()[0][0]);
}

/**
 * The batch's cells (with their place in the species' rectangle) and its species' weeks (with
 * where the bump is centred that week), as tables: the weekly rows are their join. A table scan
 * is what DuckDB runs on both cores; a `LATERAL range()` inside the INSERT ran on one (102% CPU),
 * and the species' `peak`, a DECIMAL from its VALUES literal, made every row's `raw < 0.06 * peak`
 * a decimal product and cast: 2.3 of the 2.5 s the values of 8.7 M rows took. As doubles (the
 * casts the comparison made per row, made once) the rows are the same to the last bit (EXCEPT
 * ALL both ways on 4 species' files: 0 rows) and the INSERT of 4 species took 6.2 s, not 13–14 s.
 */
async function stageBatchCells(stage: Stage, codes: readonly string[]): Promise<void> {
  const list = codes.map((code) => `'${code}'`).join(', ');
  await stage.connection.run(`CREATE OR REPLACE TEMP TABLE sim_batch_cells AS
    SELECT s.species_code, s.peak::DOUBLE AS peak, (0.06 * s.peak)::DOUBLE AS floor, c.cell_id, c.country_code, c.state_code,
      (k % s.width + 0.5) / s.width AS u, (k // s.width + 0.5) / s.height AS v
    FROM sim_species AS s, LATERAL range(s.cells) AS t(k)
    JOIN sim_cell_info AS c ON c.r = s.row0 + k // s.width AND c.c = s.column0 + k % s.width
    WHERE s.species_code IN (${list})`);
  await stage.connection.run(`CREATE OR REPLACE TEMP TABLE sim_batch_weeks AS
    SELECT s.species_code, w.week, w.date,
      0.5 + 0.32 * cos(2 * pi() * (w.week - 4 - s.phase) / 52) AS centre_v, 0.5 + 0.1 * sin(2 * pi() * w.week / 52) AS centre_u
    FROM sim_species AS s CROSS JOIN weeks AS w WHERE s.species_code IN (${list})`);
}

/** The weekly values of the batch staged by stageBatchCells, as a SELECT (deterministic: noise is a hash). */
const VALUED_ROWS = `WITH bumps AS (
    SELECT r.*, w.week, w.date,
      r.peak * exp(-(power(r.v - w.centre_v, 2) / 0.045 + power(r.u - w.centre_u, 2) / 0.18)) AS raw,
      hash(r.species_code, w.week, r.cell_id) % 1000 AS noise
    FROM sim_batch_cells AS r JOIN sim_batch_weeks AS w USING (species_code))
  SELECT * EXCLUDE (peak, floor), CASE WHEN raw < floor OR noise < 50 THEN 0.0
    ELSE (raw * (0.75 + noise / 2000.0))::FLOAT::DOUBLE END AS abundance
  FROM bumps`;

/** Moves the kept ranges and regional stats into their stage tables (before the last write). */
export async function stageKeptRows(stage: Stage): Promise<void> {
  await stage.connection.run('INSERT INTO ranges SELECT * FROM sim_ranges');
  await stage.connection.run('INSERT INTO regional_stats SELECT * FROM sim_regional_stats');
}

/**
 * Drops and recreates a stage table with the pipeline's columns: DuckDB keeps deleted rows'
 * memory until a checkpoint, which an in-memory database never runs, so DELETE would grow.
 */
async function recreate(stage: Stage, table: string): Promise<void> {
  const columns = tableSpec(table)
    .columns.map((column) => `"${column.name}" ${column.type}`)
    .join(', ');
  await stage.connection.run(`DROP TABLE "${table}"`);
  await stage.connection.run(`CREATE TABLE "${table}" (${columns})`);
}

/** One rectangle per season and layer: the cells with seasonal abundance, and every cell of the species. */
async function stageRanges(stage: Stage): Promise<void> {
  await stage.connection.run(`INSERT INTO sim_ranges BY NAME
    WITH boxes AS (
      SELECT s.species_code, s.season, 'range' AS layer, count(*) FILTER (s.abundance_mean > 0) AS cells,
        min(c.lon) FILTER (s.abundance_mean > 0) AS xmin, min(c.lat) FILTER (s.abundance_mean > 0) AS ymin,
        max(c.lon) FILTER (s.abundance_mean > 0) AS xmax, max(c.lat) FILTER (s.abundance_mean > 0) AS ymax
      FROM seasonal AS s JOIN sim_cell_info AS c USING (cell_id) WHERE s.season <> 'full_year' GROUP BY ALL
      UNION ALL
      SELECT s.species_code, s.season, 'prediction_area', count(*), min(c.lon), min(c.lat), max(c.lon), max(c.lat)
      FROM seasonal AS s JOIN sim_cell_info AS c USING (cell_id) WHERE s.season <> 'full_year' GROUP BY ALL)
    SELECT b.species_code, b.season, b.layer, 'smooth' AS smoothing, d.start_date, d.end_date,
      b.cells * 729.0 AS area_km2, b.xmin, b.ymin, b.xmax, b.ymax,
      printf('{"type":"MultiPolygon","coordinates":[[[[%f,%f],[%f,%f],[%f,%f],[%f,%f],[%f,%f]]]]}',
        b.xmin, b.ymin, b.xmax, b.ymin, b.xmax, b.ymax, b.xmin, b.ymax, b.xmin, b.ymin) AS geometry_geojson
    FROM boxes AS b JOIN sim_season_defs AS d USING (season) WHERE b.cells > 0`);
}

/** Per country and US state and season, the simulated demo's rule (simulate-species.ts), from `seasonal`. */
async function stageRegionalStats(stage: Stage): Promise<void> {
  await stage.connection.run(`INSERT INTO sim_regional_stats BY NAME
    WITH by_region AS (
      SELECT species_code, 'country' AS region_type, country_code AS region_code, season, abundance_mean FROM seasonal
        WHERE country_code IS NOT NULL AND season <> 'full_year'
      UNION ALL SELECT species_code, 'state', state_code, season, abundance_mean FROM seasonal
        WHERE state_code IS NOT NULL AND season <> 'full_year'),
    totals AS (SELECT species_code, season, sum(abundance_mean) AS total, count(*) FILTER (abundance_mean > 0) AS occupied
      FROM seasonal GROUP BY ALL)
    SELECT b.species_code, b.region_type, b.region_code, any_value(r.name) AS region_name, b.season,
      avg(b.abundance_mean) AS abundance_mean, sum(b.abundance_mean) / any_value(t.total) AS total_pop_fraction,
      avg((b.abundance_mean > 0)::INTEGER) AS range_occupied_fraction,
      count(*) FILTER (b.abundance_mean > 0) / any_value(t.occupied) AS range_total_fraction
    FROM by_region AS b JOIN totals AS t USING (species_code, season) LEFT JOIN sim_regions AS r ON r.region_code = b.region_code
    GROUP BY b.species_code, b.region_type, b.region_code, b.season`);
}
