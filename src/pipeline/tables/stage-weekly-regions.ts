import { sqlString } from '../../engine';
import type { Stage } from './stage';

/**
 * Tables writeTables derives from another table's staged rows, never read from inputs: a split
 * build's merge copies a part's file only when it copies the source's file, else derives it anew.
 */
export const DERIVED_FROM: Readonly<Record<string, string>> = { weekly_regions: 'weekly' };

const MEASURES = ['abundance', 'occurrence', 'count', 'proportion_population'] as const;

const figures = [
  ...MEASURES.flatMap((measure) => [
    `avg(${measure}) AS ${measure}_mean`,
    `sum(${measure}) AS ${measure}_sum`,
    `max(${measure}) AS ${measure}_max`,
    `count(${measure}) AS ${measure}_modelled`,
    `count(*) FILTER (WHERE ${measure} = 0) AS ${measure}_zero`,
  ]),
  'avg(abundance_lower) AS abundance_lower_mean',
  'avg(abundance_upper) AS abundance_upper_mean',
].join(', ');

/** One species' weekly rows with their cells' country, state and area. */
const cellRows = (
  species: string,
) => `SELECT w.*, c.country_code AS cell_country, c.state_code AS cell_state, c.area_km2
    FROM weekly AS w JOIN cells AS c ON c.cell_id = w.cell_id WHERE w.species_code = ${sqlString(species)}`;

/** The region of a GROUPING SETS ((), (cell_country), (cell_state)) group, with its type. */
const REGION = `CASE WHEN GROUPING(cell_country) = 0 THEN 'country' WHEN GROUPING(cell_state) = 0 THEN 'state' ELSE 'range' END AS region_type,
  CASE WHEN GROUPING(cell_country) = 0 THEN cell_country WHEN GROUPING(cell_state) = 0 THEN cell_state ELSE 'range' END AS region_code`;
/** A cell without a country or state counts for its range only. */
const HAVING =
  'HAVING (GROUPING(cell_country) = 1 OR cell_country IS NOT NULL) AND (GROUPING(cell_state) = 1 OR cell_state IS NOT NULL)';

/**
 * Fills `weekly_regions` from the staged `weekly` and `cells`, one species at a time (the stage's
 * memory cap holds one species, not the site). The grouping is the tools' own: cells joined on
 * cell_id and picked by cells.country_code / cells.state_code (resolve-region's regionCondition),
 * avg skipping NULL (not modelled) and keeping 0 — so a place-wide weekly mean read from here is
 * the figure the query on `weekly` gives. Areas are summed as decimals: a double sum after
 * DISTINCT followed the order rows came out of it, and a split build's merge wrote 3555.1831208639996
 * where the one-process build wrote 3555.183120864 (another file, sha256 and catalog). Sorting
 * every aggregate by cell instead ran a 60,000-cell species out of the stage's 768 MB. Rows already there are replaced, so the table always
 * follows `weekly` however often writeTables runs on a stage (the scale bench writes in batches).
 *
 * Range, countries and states are GROUPING SETS of one pass over the rows: the same rows as a
 * UNION ALL of the rows once per area (identical to the last bit), 29.4 → 17.2 s for the 35 M
 * weekly rows of the 10-species scale site, where this was a quarter of the build.
 */
export async function stageWeeklyRegions(stage: Stage): Promise<void> {
  const { connection } = stage;
  await connection.run('DELETE FROM weekly_regions');
  const species = (
    await connection.runAndReadAll('SELECT DISTINCT species_code FROM weekly ORDER BY 1')
  ).getRows();
  for (const [code] of species) {
    await connection.run(`INSERT INTO weekly_regions BY NAME
      WITH w AS (${cellRows(String(code))}),
      area AS (
        SELECT ${REGION}, count(*) AS region_cells, sum(area_km2::DECIMAL(18, 6))::DOUBLE AS region_km2
        FROM (SELECT DISTINCT cell_id, cell_country, cell_state, area_km2 FROM w)
        GROUP BY GROUPING SETS ((), (cell_country), (cell_state)) ${HAVING}),
      weeks AS (
        SELECT any_value(species_code) AS species_code, ${REGION}, week, any_value(date) AS date,
          count(*) AS cells, count(abundance) AS cells_modelled, count(*) FILTER (WHERE abundance > 0) AS cells_present, ${figures}
        FROM w GROUP BY GROUPING SETS ((week), (cell_country, week), (cell_state, week)) ${HAVING})
      SELECT weeks.*, area.region_cells, area.region_km2
      FROM weeks JOIN area USING (region_type, region_code)`);
  }
}
