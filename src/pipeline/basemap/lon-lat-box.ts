import type { Point } from './simplify-path';

/** A lon/lat rectangle in degrees (west < east: boxes never cross the antimeridian here). */
export interface LonLatBox {
  west: number;
  south: number;
  east: number;
  north: number;
}

/** Web Mercator stops at ±85.05°: nothing beyond it is ever drawn. */
const MERCATOR_LIMIT = 85.05;

export const WORLD_BOX: LonLatBox = { west: -180, south: -MERCATOR_LIMIT, east: 180, north: MERCATOR_LIMIT };

/** The bounding box of `points` grown by `margin` degrees on every side, within the world; null for no points. */
export function boxAround(points: readonly Point[], margin: number): LonLatBox | null {
  if (points.length === 0) return null;
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of points) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return {
    west: Math.max(WORLD_BOX.west, west - margin),
    south: Math.max(WORLD_BOX.south, south - margin),
    east: Math.min(WORLD_BOX.east, east + margin),
    north: Math.min(WORLD_BOX.north, north + margin),
  };
}

/**
 * The world outside `box` as four rectangles (a north and a south band across the world, a west
 * and an east piece beside the box): what the coarse world tier covers around the detailed one.
 * Empty pieces (the box touches the world's edge) are left out.
 */
export function frameAround(box: LonLatBox): LonLatBox[] {
  const pieces: LonLatBox[] = [
    { ...WORLD_BOX, south: box.north },
    { ...WORLD_BOX, north: box.south },
    { west: WORLD_BOX.west, south: box.south, east: box.west, north: box.north },
    { west: box.east, south: box.south, east: WORLD_BOX.east, north: box.north },
  ];
  return pieces.filter((piece) => piece.east > piece.west && piece.north > piece.south);
}

export function inBox(box: LonLatBox, lon: number, lat: number): boolean {
  return lon >= box.west && lon <= box.east && lat >= box.south && lat <= box.north;
}
