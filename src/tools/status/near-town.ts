import { previewRows, type QueryResult } from '../../engine';
import { runQuery } from '../support/run-query';
import type { PerchContext } from '../support/tool-context';

export interface Point {
  lon: number;
  lat: number;
}

const COMPASS = ['N', 'NE', 'E', 'SE', 'S', 'SW', 'W', 'NW'];
/** Closer than this a point is "at" the town: under a fifth of a 27 km cell, a direction means nothing. */
const AT_TOWN_KM = 5;

/**
 * "12 km SW of Marquette, MI" for each point: the nearest town of the `places` table (name,
 * region_code, lon, lat, population) by the engine's distance_km; null for every point when the
 * session has no places table. Towns are searched within 3° of latitude first, so a point costs a
 * band of the gazetteer, not all of it; a point with no town in its band gets null.
 */
export async function nearestTowns(
  context: PerchContext,
  points: readonly Point[],
): Promise<{ names: (string | null)[]; query?: QueryResult }> {
  if (points.length === 0 || !context.session.datasets.includes('places'))
    return { names: points.map(() => null) };
  const values = points
    .map((point, index) => `(${index}, ${Number(point.lon)}, ${Number(point.lat)})`)
    .join(', ');
  const sql = `WITH p(i, lon, lat) AS (VALUES ${values})
    SELECT p.i, arg_min(t.name, distance_km(p.lat, p.lon, t.lat, t.lon)) AS name, arg_min(t.region_code, distance_km(p.lat, p.lon, t.lat, t.lon)) AS region_code,
      arg_min(t.lon, distance_km(p.lat, p.lon, t.lat, t.lon)) AS lon, arg_min(t.lat, distance_km(p.lat, p.lon, t.lat, t.lon)) AS lat, min(distance_km(p.lat, p.lon, t.lat, t.lon)) AS km
    FROM p JOIN places AS t ON abs(t.lat - p.lat) < 3 GROUP BY p.i ORDER BY p.i`;
  const query = await runQuery(context, sql, { maxRows: points.length, timeoutMs: 10_000 });
  const rows = previewRows(query.table, query.rows) as {
    i: number;
    name: string;
    region_code: string | null;
    lon: number;
    lat: number;
    km: number;
  }[];
  const byIndex = new Map(rows.map((row) => [row.i, row]));
  return {
    names: points.map((point, index) => {
      const town = byIndex.get(index);
      return town ? describeNear(point, town) : null;
    }),
    query,
  };
}

/** "12 km SW of Marquette, MI": the point's direction seen from the town. */
export function describeNear(
  point: Point,
  town: { name: string; region_code: string | null; lon: number; lat: number; km: number },
): string {
  const name = town.region_code ? `${town.name}, ${town.region_code.split('-').at(-1)}` : town.name;
  if (town.km < AT_TOWN_KM) return `at ${name}`;
  return `${Math.round(town.km)} km ${COMPASS[compassIndex(town, point)]} of ${name}`;
}

/** Initial great-circle bearing from `from` to `to`, as one of eight compass points. */
function compassIndex(from: Point, to: Point): number {
  const radians = Math.PI / 180;
  const dLon = (to.lon - from.lon) * radians;
  const y = Math.sin(dLon) * Math.cos(to.lat * radians);
  const x =
    Math.cos(from.lat * radians) * Math.sin(to.lat * radians) -
    Math.sin(from.lat * radians) * Math.cos(to.lat * radians) * Math.cos(dLon);
  const bearing = (Math.atan2(y, x) / radians + 360) % 360;
  return Math.round(bearing / 45) % 8;
}
