import { join } from 'node:path';
import type { DuckDBConnection } from '@duckdb/node-api';
import { seededRandom } from './scale-site-params';

/**
 * The scale bench's fixed mix (issue 16): 20 questions across 20 species, each as the SQL a tool
 * sends (shapes copied from src/tools: where_is, weekly_series, seasonal_summary, weekly-means'
 * place means, the map layers' one-week reads). 11 are species-week questions: one species, one
 * or two weeks, `weekly` only. The series and peaks read weekly_regions, as the tools do since
 * the pipeline writes it (issue 16's pre-aggregates). Species are picked at 20 evenly spaced ranks of size, smallest and
 * largest included, then shuffled with a fixed seed so small and large ones alternate.
 */
export type ScaleQuestionKind =
  | 'species-week'
  | 'region-weeks'
  | 'weekly-series'
  | 'seasonal-mean'
  | 'peak-week'
  | 'where-is';

export interface ScaleQuestion {
  /** e.g. `q01 species-week`. */
  name: string;
  kind: ScaleQuestionKind;
  species: string;
  speciesCells: number;
  sql: string;
  /** Catalog tables the SQL reads. */
  tables: ('weekly' | 'seasonal' | 'cells' | 'weekly_regions')[];
  /** The limits the tool sends with it. */
  limits: { maxRows: number; maxBytes: number };
}

export interface QuestionSpecies {
  code: string;
  cells: number;
}

const MAP = { maxRows: 2_000_000, maxBytes: 400_000_000 };
const SMALL = { maxRows: 1_000, maxBytes: 8_000_000 };
const QUESTION_COUNT = 20;
/** Breeding-season weeks of the 2023 windows (2023-05-17 – 2023-08-16). */
const BREEDING = Array.from({ length: 14 }, (_, index) => 20 + index);
const MIGRATION = [18, 19, 20, 21, 22];
const ALL_WEEKS = Array.from({ length: 52 }, (_, index) => index + 1);

/** A weekly_regions key: the state with most of a species' cells, else the country. */
interface HomeRegion {
  type: 'state' | 'country';
  code: string;
}

type Template = (
  species: string,
  region: HomeRegion,
) => Omit<ScaleQuestion, 'name' | 'species' | 'speciesCells'>;

const weekMap =
  (column: string, weeks: number[]): Template =>
  (species) => ({
    kind: 'species-week',
    sql: `SELECT w.cell_id, ${weeks.length > 1 ? 'w.week, ' : ''}w.${column} FROM weekly AS w WHERE w.species_code = '${species}' AND w.week ${weeks.length > 1 ? `IN (${weeks.join(', ')})` : `= ${weeks[0]}`}`,
    tables: ['weekly'],
    limits: MAP,
  });

/**
 * A region's mean and total of `column` in each of `weeks`: the place-time questions' series,
 * which the tools read from weekly_regions when the place is a whole state or country.
 */
const regionWeeks =
  (column: string, weeks: readonly number[]): Template =>
  (species, region) => ({
    kind: 'region-weeks',
    sql: `SELECT week, ${column}_mean AS value, ${column}_sum AS total FROM weekly_regions
    WHERE species_code = '${species}' AND region_type = '${region.type}' AND region_code = '${region.code}' AND week IN (${weeks.join(', ')}) ORDER BY week`,
    tables: ['weekly_regions'],
    limits: { maxRows: 53, maxBytes: SMALL.maxBytes },
  });

const RANGE = `region_type = 'range' AND region_code = 'range'`;

/** The species' mean and total of `column` in every week over its range (the arrival/departure questions' series). */
const weeklySeries =
  (column: string): Template =>
  (species) => ({
    kind: 'weekly-series',
    sql: `SELECT week, ${column}_mean AS value, ${column}_sum AS total FROM weekly_regions
      WHERE species_code = '${species}' AND ${RANGE} AND week IN (${ALL_WEEKS.join(', ')}) ORDER BY week`,
    tables: ['weekly_regions'],
    limits: { maxRows: 53, maxBytes: SMALL.maxBytes },
  });

/** The week of the range-wide peak (the tools pick it from the series above; here in SQL). */
const peakWeek =
  (column: string): Template =>
  (species) => ({
    kind: 'peak-week',
    sql: `SELECT week, ${column}_mean AS value FROM weekly_regions WHERE species_code = '${species}' AND ${RANGE}
      ORDER BY value DESC NULLS LAST, week LIMIT 1`,
    tables: ['weekly_regions'],
    limits: SMALL,
  });

const TEMPLATES: Template[] = [
  weekMap('abundance', [24]),
  regionWeeks('abundance', MIGRATION),
  weekMap('occurrence', [10]),
  weeklySeries('abundance'),
  (species) => ({
    kind: 'species-week',
    sql: `SELECT w.cell_id, avg(w.abundance) AS abundance FROM weekly AS w WHERE w.species_code = '${species}' AND w.week IN (20, 21) GROUP BY w.cell_id`,
    tables: ['weekly'],
    limits: MAP,
  }),
  (species) => ({
    kind: 'seasonal-mean',
    sql: `SELECT s.season, avg(s.abundance_mean) AS mean, max(s.abundance_mean) AS max_cell, count(s.abundance_mean) AS cells_modelled,
        count(*) FILTER (WHERE s.abundance_mean = 0) AS cells_zero
      FROM seasonal AS s WHERE s.species_code = '${species}' GROUP BY s.season`,
    tables: ['seasonal'],
    limits: { maxRows: 20, maxBytes: SMALL.maxBytes },
  }),
  (species) => ({
    kind: 'species-week',
    sql: `SELECT count(DISTINCT cell_id) AS cells, count(*) FILTER (WHERE abundance > 0) AS present, max(abundance) AS top FROM weekly WHERE species_code = '${species}' AND week = 30`,
    tables: ['weekly'],
    limits: SMALL,
  }),
  peakWeek('abundance'),
  weekMap('abundance', [40]),
  (species) => ({
    kind: 'where-is',
    sql: `SELECT w.cell_id, c.lon, c.lat, c.country_code, c.state_code, c.footprint_geojson, avg(w.abundance) AS abundance
      FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id
      WHERE w.species_code = '${species}' AND w.week IN (${BREEDING.join(', ')})
      GROUP BY w.cell_id, c.lon, c.lat, c.country_code, c.state_code, c.footprint_geojson ORDER BY abundance DESC NULLS LAST, w.cell_id`,
    tables: ['weekly', 'cells'],
    limits: { maxRows: 2_000_000, maxBytes: 200_000_000 },
  }),
  weekMap('abundance', [47, 48]),
  regionWeeks('occurrence', BREEDING),
  weekMap('abundance', [2]),
  weeklySeries('occurrence'),
  (species) => ({
    kind: 'species-week',
    sql: `SELECT w.week, count(*) FILTER (WHERE w.abundance > 0) AS present, max(w.abundance) AS top FROM weekly AS w WHERE w.species_code = '${species}' AND w.week IN (18, 19) GROUP BY w.week ORDER BY w.week`,
    tables: ['weekly'],
    limits: SMALL,
  }),
  (species) => ({
    kind: 'seasonal-mean',
    sql: `SELECT s.season, avg(s.occurrence_mean) AS mean, max(s.occurrence_mean) AS max_cell, count(s.occurrence_mean) AS cells_modelled,
        count(*) FILTER (WHERE s.occurrence_mean = 0) AS cells_zero
      FROM seasonal AS s WHERE s.species_code = '${species}' GROUP BY s.season`,
    tables: ['seasonal'],
    limits: { maxRows: 20, maxBytes: SMALL.maxBytes },
  }),
  weekMap('abundance', [33]),
  peakWeek('occurrence'),
  weekMap('abundance', [52]),
  weekMap('occurrence', [26, 27]),
];

/**
 * The 20 questions for a site's species. `connection` (native DuckDB) reads each picked species'
 * seasonal file to choose the region of its regional questions: the US state with most of its
 * cells, else the country (as a person would ask about a place the bird lives in).
 */
export async function scaleQuestions(
  siteDir: string,
  species: readonly QuestionSpecies[],
  connection: DuckDBConnection,
): Promise<ScaleQuestion[]> {
  if (TEMPLATES.length !== QUESTION_COUNT) throw new Error(`scale questions: ${TEMPLATES.length} templates`);
  const bySize = [...species].sort((a, b) => a.cells - b.cells || a.code.localeCompare(b.code));
  const picks = Array.from(
    { length: QUESTION_COUNT },
    (_, index) => bySize[Math.round((index * (bySize.length - 1)) / (QUESTION_COUNT - 1))],
  );
  const random = seededRandom(20);
  for (let index = picks.length - 1; index > 0; index--) {
    const other = Math.floor(random() * (index + 1));
    [picks[index], picks[other]] = [picks[other], picks[index]];
  }
  const questions: ScaleQuestion[] = [];
  for (const [index, template] of TEMPLATES.entries()) {
    const pick = picks[index];
    const region = await homeRegion(siteDir, pick.code, connection);
    const question = template(pick.code, region);
    questions.push({
      name: `q${String(index + 1).padStart(2, '0')} ${question.kind}`,
      species: pick.code,
      speciesCells: pick.cells,
      ...question,
    });
  }
  return questions;
}

async function homeRegion(
  siteDir: string,
  species: string,
  connection: DuckDBConnection,
): Promise<HomeRegion> {
  const file = join(siteDir, 'seasonal', `species_code=${species}.parquet`).replaceAll("'", "''");
  const rows = (
    await connection.runAndReadAll(`SELECT coalesce(state_code, country_code) AS code, state_code IS NOT NULL AS is_state, count(*) AS cells
      FROM read_parquet('${file}') WHERE season = 'full_year' AND country_code IS NOT NULL
      GROUP BY ALL ORDER BY is_state DESC, cells DESC, code LIMIT 1`)
  ).getRows();
  if (rows.length === 0) throw new Error(`scale questions: species ${species} has no cell in a country`);
  const [code, isState] = rows[0];
  return { type: isState ? 'state' : 'country', code: String(code) };
}
