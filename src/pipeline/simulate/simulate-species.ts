import { type GridEntry, gridCellId } from '../geo/grid-registry';
import { equalEarthGrid } from '../geo/raster-grid';
import { boundingBox, multiPolygonAreaKm2 } from '../geo/planar-area';
import { dateOfDay, seasonWeeks } from '../read/read-config';
import type { Stage } from '../tables/stage';
import type { CellRegistry } from '../tables/stage-geography';

export interface SimulateOptions {
  species: number;
  cells: number;
}

/** The demo when no data and no network are available: 3 species over 1,200 cells around the Great Lakes. */
export const DEFAULT_SIMULATION: SimulateOptions = { species: 3, cells: 1200 };

const RELEASE = 2023;
/** Common-name stems of simulated species ("Simulated Warbler 1"…), shared with the scale bench. */
export const SIMULATED_NAME_STEMS = [
  'Warbler',
  'Thrush',
  'Sparrow',
  'Finch',
  'Flycatcher',
  'Vireo',
  'Wren',
  'Tanager',
  'Oriole',
  'Kinglet',
];
/** Same season windows as the 2023 example, so simulated seasons behave like real ones. */
const SEASONS = [
  { season: 'nonbreeding', start_date: '2023-11-22', end_date: '2023-03-08' },
  { season: 'prebreeding_migration', start_date: '2023-03-15', end_date: '2023-05-10' },
  { season: 'breeding', start_date: '2023-05-17', end_date: '2023-08-16' },
  { season: 'postbreeding_migration', start_date: '2023-08-23', end_date: '2023-11-15' },
];
/** Grid row/column of the Michigan example window (FORMAT.md §1), the centre of the simulated block. */
const CENTRE = { row: 106, column: 375 };

function simulatedSpecies(index: number) {
  const name = SIMULATED_NAME_STEMS[index % SIMULATED_NAME_STEMS.length];
  const round = Math.floor(index / SIMULATED_NAME_STEMS.length);
  return {
    species_code: `sim${String(index + 1).padStart(3, '0')}`,
    common_name: `Simulated ${name}${round > 0 ? ` ${round + 1}` : ''}`,
    scientific_name: `Fictavis ${name.toLowerCase()}${round > 0 ? ` ${round + 1}` : ''}`,
  };
}

/** A block of `count` cells of the 2023 27 km grid (the simulated demo is a 2023 release). */
function blockCells(entry: GridEntry, count: number): number[] {
  const grid = entry.grid;
  const columns = Math.min(grid.columns, Math.ceil(Math.sqrt(count * 2)));
  const rows = Math.ceil(count / columns);
  const row0 = Math.max(0, Math.min(grid.rows - rows, CENTRE.row - Math.floor(rows / 2)));
  const column0 = Math.max(0, Math.min(grid.columns - columns, CENTRE.column - Math.floor(columns / 2)));
  const ids: number[] = [];
  for (let r = 0; r < rows && ids.length < count; r++)
    for (let c = 0; c < columns && ids.length < count; c++)
      ids.push(gridCellId(entry, row0 + r, column0 + c));
  return ids;
}

/**
 * Fills the stage with a fictional dataset of the same schema as a real build. Values come from
 * SQL (a moving Gaussian per species, deterministic hashes for noise and for ~0.3% NULL
 * "not modelled" cell-weeks), so `--scale species=100,cells=40000` does not go through JS rows.
 */
export async function simulateSpecies(
  stage: Stage,
  registry: CellRegistry,
  options: SimulateOptions,
): Promise<void> {
  const connection = stage.connection;
  const weekDates = Array.from({ length: 52 }, (_, index) => dateOfDay(RELEASE, 4 + 7 * index));
  const species = Array.from({ length: options.species }, (_, index) => simulatedSpecies(index));
  const ids = blockCells(registry.register(equalEarthGrid(27)), options.cells);
  registry.lookup(ids);
  await registry.stage(stage);

  await stage.append(
    'weeks',
    weekDates.map((date, index) => ({
      release: RELEASE,
      week: index + 1,
      date,
      day_of_year: 4 + 7 * index,
      month: Number(date.slice(5, 7)),
    })),
  );
  await stage.append(
    'species',
    species.map((s) => ({
      ...s,
      run_name: `${s.species_code}-simulated`,
      release: RELEASE,
      is_resident: false,
      trends_release: RELEASE,
      products: 'weekly,seasonal,ranges,regional_stats,trends,centroids,predictor_importance',
      simulated: true,
    })),
  );
  await connection.run('CREATE TEMP TABLE sim_species (species_code VARCHAR, i INTEGER)');
  await connection.run(
    `INSERT INTO sim_species VALUES ${species.map((s, i) => `('${s.species_code}', ${i})`).join(', ')}`,
  );
  const seasonRows = SEASONS.map((season) => {
    const weeks = seasonWeeks(season, weekDates);
    return {
      ...season,
      weeks,
      start_week: weeks.find((w) => weekDates[w - 1] >= season.start_date) ?? weeks[0],
      end_week: weeks.findLast((w) => weekDates[w - 1] <= season.end_date) ?? weeks[weeks.length - 1],
    };
  });
  await stage.append(
    'seasons',
    species.flatMap((s, i) =>
      seasonRows.map((season) => ({
        species_code: s.species_code,
        season: season.season,
        start_date: season.start_date,
        end_date: season.end_date,
        start_week: season.start_week,
        end_week: season.end_week,
        weeks: season.weeks.length,
        // One fictional failed season, so the failed-review path is exercised by the demo too.
        passed_review: !(i === 0 && season.season === 'nonbreeding'),
        quality: i === 0 && season.season === 'nonbreeding' ? 0 : 3,
      })),
    ),
  );
  await connection.run('CREATE TEMP TABLE sim_season_weeks (season VARCHAR, week INTEGER)');
  await connection.run(
    `INSERT INTO sim_season_weeks VALUES ${seasonRows.flatMap((s) => s.weeks.map((w) => `('${s.season}', ${w})`)).join(', ')}`,
  );

  await connection.run(`INSERT INTO weekly
    WITH base AS (
      SELECT s.species_code, w.week, w.date, c.cell_id, c.country_code, c.state_code,
        (0.4 + (s.i % 7) * 0.25) * exp(-(power(c.lat - (42 + (s.i % 5) + 4 * sin(2 * pi() * (w.week - 10) / 52)), 2) + power((c.lon + 84 - (s.i % 9)) * 0.7, 2)) / 18) AS raw,
        hash(s.species_code, w.week, c.cell_id) % 1000 AS noise
      FROM sim_species s CROSS JOIN weeks w CROSS JOIN cells c),
    valued AS (SELECT *, CASE WHEN noise < 3 THEN NULL WHEN raw < 0.05 THEN 0.0 ELSE raw * (0.85 + noise / 3330.0) END AS abundance FROM base)
    SELECT species_code, week, date, cell_id, country_code, state_code, abundance, abundance * 0.7, abundance * 1.3,
      1 - exp(-abundance * 1.5), CASE WHEN abundance > 0 THEN abundance / (1 - exp(-abundance * 1.5)) ELSE 0 END,
      abundance / nullif(sum(abundance) OVER (PARTITION BY species_code, week), 0)
    FROM valued`);
  const aggregate = (
    where: string,
    season: string,
  ) => `SELECT species_code, ${season}, cell_id, any_value(country_code), any_value(state_code),
      avg(abundance), max(abundance), avg(count), max(count), avg(occurrence), max(occurrence), NULL, NULL
    FROM weekly ${where} GROUP BY ALL`;
  await connection.run(`INSERT INTO seasonal ${aggregate('JOIN sim_season_weeks USING (week)', 'season')}`);
  await connection.run(`INSERT INTO seasonal ${aggregate('', "'full_year'")}`);
  await connection.run(`UPDATE seasonal SET proportion_population_mean = abundance_mean / t.total FROM (SELECT species_code, season, sum(abundance_mean) AS total FROM seasonal GROUP BY ALL) t
    WHERE seasonal.species_code = t.species_code AND seasonal.season = t.season AND seasonal.season <> 'full_year'`);

  const boxes = (
    await connection.runAndReadAll(`SELECT s.species_code, s.season, min(c.lon), min(c.lat), max(c.lon), max(c.lat)
    FROM seasonal s JOIN cells c USING (cell_id) WHERE s.abundance_mean > 0 AND s.season <> 'full_year' GROUP BY ALL`)
  ).getRows();
  const all = (await connection.runAndReadAll('SELECT min(lon), min(lat), max(lon), max(lat) FROM cells'))
    .getRows()[0]
    .map(Number);
  const rectangle = ([x0, y0, x1, y1]: number[]) => [
    [
      [
        [x0, y0],
        [x1, y0],
        [x1, y1],
        [x0, y1],
        [x0, y0],
      ],
    ],
  ];
  await stage.append(
    'ranges',
    boxes.flatMap(([code, season, ...box]) =>
      ['range', 'prediction_area'].map((layer) => {
        const polygons = rectangle(layer === 'range' ? box.map(Number) : all);
        const [xmin, ymin, xmax, ymax] = boundingBox(polygons);
        const dates = SEASONS.find((s) => s.season === season)!;
        return {
          species_code: code,
          season,
          layer,
          smoothing: 'smooth',
          start_date: dates.start_date,
          end_date: dates.end_date,
          area_km2: multiPolygonAreaKm2(polygons),
          xmin,
          ymin,
          xmax,
          ymax,
          geometry_geojson: JSON.stringify({ type: 'MultiPolygon', coordinates: polygons }),
        };
      }),
    ),
  );

  await connection.run(`INSERT INTO regional_stats
    WITH by_region AS (
      SELECT species_code, 'country' AS region_type, country_code AS region_code, season, abundance_mean FROM seasonal WHERE country_code IS NOT NULL AND season <> 'full_year'
      UNION ALL SELECT species_code, 'state', state_code, season, abundance_mean FROM seasonal WHERE state_code IS NOT NULL AND season <> 'full_year'),
    totals AS (SELECT species_code, season, sum(abundance_mean) AS total, count(*) FILTER (abundance_mean > 0) AS occupied FROM seasonal GROUP BY ALL)
    SELECT b.species_code, b.region_type, b.region_code, any_value(r.name), NULL, NULL, NULL, b.season, avg(b.abundance_mean),
      sum(b.abundance_mean) / any_value(t.total), NULL, avg((b.abundance_mean > 0)::INTEGER), count(*) FILTER (b.abundance_mean > 0) / any_value(t.occupied), NULL, NULL, NULL
    FROM by_region b JOIN totals t USING (species_code, season) LEFT JOIN regions r ON r.region_code = b.region_code GROUP BY b.species_code, b.region_type, b.region_code, b.season`);

  await connection.run(`INSERT INTO centroids
    SELECT species_code, week, any_value(date), sum(c.lon * abundance) / sum(abundance), sum(c.lat * abundance) / sum(abundance), NULL
    FROM weekly JOIN cells c USING (cell_id) WHERE abundance > 0 GROUP BY species_code, week`);
  await connection.run(`UPDATE centroids SET prev_dist_km = 2 * 6371.0088 * asin(sqrt(power(sin(radians(p.lat - centroids.lat) / 2), 2)
      + cos(radians(centroids.lat)) * cos(radians(p.lat)) * power(sin(radians(p.lon - centroids.lon) / 2), 2)))
    FROM centroids p WHERE p.species_code = centroids.species_code AND p.week = CASE WHEN centroids.week = 1 THEN 52 ELSE centroids.week - 1 END`);

  await connection.run(`INSERT INTO trends
    WITH t AS (SELECT s.*, c.lon, c.lat, (hash(s.species_code, s.cell_id) % 1000) / 100.0 - 5 AS ppy
      FROM seasonal s JOIN cells c USING (cell_id) WHERE s.season = 'breeding' AND s.cell_id % 7 = 0 AND s.abundance_mean > 0)
    SELECT species_code, 'breeding', ${RELEASE}, ${RELEASE - 10}, ${RELEASE}, '05-17', '08-16', cell_id, lon, lat, country_code, state_code,
      abundance_mean, ppy, ppy - 2, ppy + 2, ppy - 2 > 0 OR ppy + 2 < 0,
      100 * (power(1 + ppy / 100, 10) - 1), 100 * (power(1 + (ppy - 2) / 100, 10) - 1), 100 * (power(1 + (ppy + 2) / 100, 10) - 1)
    FROM t`);
  await connection.run(`INSERT INTO trends_folds SELECT species_code, season, f.fold, srd_id, lon, lat, abd, abd_ppy + (hash(srd_id, f.fold) % 400) / 100.0 - 2
    FROM trends CROSS JOIN (SELECT range::INTEGER AS fold FROM range(1, 11)) f`);
  await stage.append(
    'trends_summary',
    species.map((s) => ({
      species_code: s.species_code,
      common_name: s.common_name,
      season: 'breeding',
      modeled_region: 'simulated',
      start_year: RELEASE - 10,
      end_year: RELEASE,
      start_date: '05-17',
      end_date: '08-16',
      rsquared: 0.8,
      beta0: 0.1,
    })),
  );
  await stage.append(
    'predictor_importance',
    species.flatMap((s) =>
      ['count', 'occurrence'].flatMap((response) =>
        [1, 2, 3].map((rank) => ({
          species_code: s.species_code,
          response,
          predictor: `simulated_predictor_${rank}`,
          rank_mean: rank * 1.5,
          rank,
        })),
      ),
    ),
  );
}
