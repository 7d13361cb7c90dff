import { previewRows, type QueryResult } from '../../engine';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';

/** A cell named by the area it lies in: its id, and its centre for the side of the area it is on. */
export interface AreaCell {
  cell_id: number;
  lon: number;
  lat: number;
}

/** A bounding box in degrees. */
export interface Extent {
  xmin: number;
  xmax: number;
  ymin: number;
  ymax: number;
}

/**
 * "western Upper Peninsula", "northern Indiana", "Canada" for each cell: the smallest named part
 * of a region holding it (region_parts/cell_parts), else its state, else its country, with the
 * third of that area's extent the cell lies in. Parts named by a side already ("Southern
 * Michigan", the latitude halves) are skipped: "south-western Southern Michigan" says it twice,
 * and the state with its side says the same. A part's
 * extent is its own cells' centres (a part is defined by its cells); a state's is its boundary's
 * box (regions.xmin…): a masked build holds only a border strip of Indiana, whose cells alone
 * would call the Indiana shore "southern". Countries get no side: "eastern United States" says
 * nothing about a cell by Lake Michigan. null without the tables or for a cell in no region.
 */
export async function cellAreas(
  context: PerchContext,
  cells: readonly AreaCell[],
): Promise<{ names: (string | null)[]; query?: QueryResult }> {
  const tables = context.session.datasets;
  if (cells.length === 0 || !tables.includes('cells') || !tables.includes('regions'))
    return { names: cells.map(() => null) };
  const parts = tables.includes('region_parts') && tables.includes('cell_parts');
  const values = cells.map((cell, index) => `(${index}, ${Math.trunc(Number(cell.cell_id))})`).join(', ');
  const partSql = parts
    ? `part AS (SELECT p.i, arg_min(r.name, r.cell_count) AS name, arg_min(r.part_id, r.cell_count) AS part_id
        FROM p JOIN cell_parts AS m ON m.cell_id = p.cell_id JOIN region_parts AS r ON r.part_id = m.part_id
        WHERE NOT regexp_matches(lower(r.name), '^(north|south|east|west|central)') GROUP BY p.i),
      part_extent AS (SELECT m.part_id, min(c.lon) AS xmin, max(c.lon) AS xmax, min(c.lat) AS ymin, max(c.lat) AS ymax
        FROM cell_parts AS m JOIN cells AS c ON c.cell_id = m.cell_id WHERE m.part_id IN (SELECT part_id FROM part) GROUP BY m.part_id),`
    : `part AS (SELECT NULL::INTEGER AS i, NULL::VARCHAR AS name, NULL::VARCHAR AS part_id WHERE FALSE),
      part_extent AS (SELECT NULL::VARCHAR AS part_id, NULL::DOUBLE AS xmin, NULL::DOUBLE AS xmax, NULL::DOUBLE AS ymin, NULL::DOUBLE AS ymax WHERE FALSE),`;
  const sql = `WITH p(i, cell_id) AS (VALUES ${values}), ${partSql}
    region AS (SELECT p.i, r.name, r.type, r.xmin, r.xmax, r.ymin, r.ymax FROM p JOIN cells AS c ON c.cell_id = p.cell_id
      JOIN regions AS r ON r.region_code = coalesce(c.state_code, c.country_code))
    SELECT p.i, coalesce(part.name, region.name) AS name, part.name IS NULL AND region.type = 'country' AS country,
      coalesce(e.xmin, region.xmin) AS xmin, coalesce(e.xmax, region.xmax) AS xmax, coalesce(e.ymin, region.ymin) AS ymin, coalesce(e.ymax, region.ymax) AS ymax
    FROM p LEFT JOIN part ON part.i = p.i LEFT JOIN part_extent AS e ON e.part_id = part.part_id LEFT JOIN region ON region.i = p.i ORDER BY p.i`;
  const query = await runQuery(context, sql, { maxRows: cells.length, timeoutMs: 10_000 });
  const rows = previewRows(query.table, query.rows) as unknown as ({
    i: number;
    name: string | null;
    country: boolean | null;
  } & Extent)[];
  const byIndex = new Map(rows.map((row) => [row.i, row]));
  return {
    names: cells.map((cell, index) => {
      const row = byIndex.get(index);
      if (!row?.name) return null;
      if (row.country) return row.name;
      const side = sideOf(cell, row);
      return side ? `${side} ${row.name}` : row.name;
    }),
    query,
  };
}

/**
 * The third of `extent` a point lies in, in words: "western", "north-eastern", "central" (the middle
 * third both ways). Thirds, not halves: a cell just east of the middle is not "eastern".
 */
export function sideOf(point: { lon: number; lat: number }, extent: Extent): string {
  const third = (value: number, low: number, high: number) => {
    if (!(high > low)) return 0;
    const at = (value - low) / (high - low);
    return at < 1 / 3 ? -1 : at > 2 / 3 ? 1 : 0;
  };
  const northSouth = ['southern', '', 'northern'][third(point.lat, extent.ymin, extent.ymax) + 1]!;
  const eastWest = ['western', '', 'eastern'][third(point.lon, extent.xmin, extent.xmax) + 1]!;
  if (northSouth && eastWest) return `${northSouth.replace(/ern$/, '')}-${eastWest}`;
  return northSouth || eastWest || 'central';
}
