import type { Catalog } from '../catalog/types';

/** A SQL helper the engine registers before the lock; `name/signature/meaning` go into catalog.json. */
export interface EngineMacro {
  name: string;
  signature: string;
  meaning: string;
  /** `CREATE MACRO` statement; `{release}` is the catalog's release year. */
  sql: string;
  /**
   * Table the macro body reads. DuckDB binds a macro's subquery when the macro is created
   * ("Table with name seasons does not exist" otherwise), so such a macro is created right after
   * its table is first loaded, and a query naming the macro loads that table.
   */
  reads?: string;
}

/**
 * Weeks follow FORMAT.md §5: week i is day of year 4 + 7(i−1) of the release year (week 24 =
 * 2023-06-14). Seasons follow §6: inclusive bounds, and a season whose start week is after its end
 * week (nonbreeding) wraps the year end. Distances use the sphere R = 6371.0088 km, which matches
 * the centroids' `prev_dist_km` to 0.00013 km (FORMAT.md §3).
 */
export const ENGINE_MACROS: readonly EngineMacro[] = [
  {
    name: 'week_to_date',
    signature: 'week_to_date(week INTEGER, release := <catalog release>) -> DATE',
    meaning:
      'The date that stands for an eBird S&T week (1..52): the middle of the week, e.g. week 24 -> 2023-06-14.',
    sql: 'CREATE MACRO week_to_date(week, release := {release}) AS CAST(make_date(CAST(release AS BIGINT), 1, 1) + CAST(4 + 7 * (week - 1) - 1 AS INTEGER) AS DATE)',
  },
  {
    name: 'date_to_week',
    signature: 'date_to_week(d DATE) -> INTEGER',
    meaning: 'The eBird S&T week (1..52) whose date is nearest to d, e.g. 2023-06-15 -> 24.',
    sql: 'CREATE MACRO date_to_week(d) AS CAST(least(52, greatest(1, round((dayofyear(CAST(d AS DATE)) - 4) / 7.0) + 1)) AS INTEGER)',
  },
  {
    name: 'season_of_week',
    signature: 'season_of_week(species_code VARCHAR, week INTEGER) -> VARCHAR',
    meaning:
      'The season (breeding, nonbreeding, prebreeding_migration, postbreeding_migration) a week falls in for a species, from the `seasons` table (which must be in scope); NULL when the species has no season covering it.',
    reads: 'seasons',
    sql: `CREATE MACRO season_of_week(species, week) AS (
      SELECT s.season FROM seasons AS s
      WHERE s.species_code = species
        AND CASE WHEN s.start_week <= s.end_week THEN week BETWEEN s.start_week AND s.end_week
                 ELSE week >= s.start_week OR week <= s.end_week END
      ORDER BY s.season LIMIT 1)`,
  },
  {
    name: 'distance_km',
    signature: 'distance_km(lat1 DOUBLE, lon1 DOUBLE, lat2 DOUBLE, lon2 DOUBLE) -> DOUBLE',
    meaning:
      'Great-circle (haversine) distance in km between two WGS84 points, on a sphere of radius 6371.0088 km.',
    sql: `CREATE MACRO distance_km(lat1, lon1, lat2, lon2) AS
      2 * 6371.0088 * asin(sqrt(
        pow(sin(radians(lat2 - lat1) / 2), 2) +
        cos(radians(lat1)) * cos(radians(lat2)) * pow(sin(radians(lon2 - lon1) / 2), 2)))`,
  },
];

/** The release year the week macros default to: the newest eBird release in the catalog. */
export function catalogRelease(catalog: Catalog): number {
  const releases = Object.values(catalog.tables).flatMap((table) => table.release ?? []);
  // The example data is release 2023 (FORMAT.md); a catalog with no eBird tables keeps it.
  return releases.length > 0 ? Math.max(...releases) : 2023;
}

/** Macros created at start: those that read no table. */
export function startupMacroStatements(catalog: Catalog): string[] {
  const release = String(catalogRelease(catalog));
  return ENGINE_MACROS.filter((macro) => !macro.reads).map((macro) =>
    macro.sql.replaceAll('{release}', release),
  );
}

/** Macros to create once `table` exists. */
export function macrosReading(table: string): EngineMacro[] {
  return ENGINE_MACROS.filter((macro) => macro.reads === table);
}
