import { clipPath, clipRing } from './clip-to-box';
import type { LonLatBox } from './lon-lat-box';
import type { MapShapes, Polygon } from './natural-earth-shapes';
import { type Point, simplifyPath } from './simplify-path';

/**
 * Every shape of `shapes` cut to `boxes` (pieces of one shape in two boxes become two shapes)
 * and simplified with Douglas–Peucker at `tolerance` degrees. Rings left smaller than a triangle
 * and lines of one vertex are dropped; a polygon whose outer ring is dropped goes with its holes.
 */
export function clipShapes(shapes: MapShapes, boxes: readonly LonLatBox[], tolerance: number): MapShapes {
  const polygons = (list: Polygon[]) =>
    boxes.flatMap((box) => list.flatMap((polygon) => clipPolygon(polygon, box, tolerance)));
  const lines = (list: Point[][]) =>
    boxes.flatMap((box) =>
      list
        .filter((path) => overlaps(bounds(path), box))
        .flatMap((path) => clipPath(path, box))
        .map((piece) => simplifyPath(piece, tolerance))
        .filter((piece) => piece.length >= 2),
    );
  return {
    land: polygons(shapes.land),
    lakes: polygons(shapes.lakes),
    coastlines: lines(shapes.coastlines),
    countryBorders: lines(shapes.countryBorders),
    stateBorders: lines(shapes.stateBorders),
  };
}

function clipPolygon(polygon: Polygon, box: LonLatBox, tolerance: number): Polygon[] {
  const [outer, ...holes] = polygon;
  if (!outer || !overlaps(bounds(outer), box)) return [];
  const kept = [outer, ...holes]
    .map((ring) => (overlaps(bounds(ring), box) ? simplifyPath(clipRing(ring, box), tolerance) : []))
    .map((ring) => (ring.length >= 4 ? ring : []));
  if (kept[0]!.length === 0) return [];
  return [[kept[0]!, ...kept.slice(1).filter((ring) => ring.length > 0)]];
}

function bounds(path: readonly Point[]): LonLatBox {
  let [west, south, east, north] = [Infinity, Infinity, -Infinity, -Infinity];
  for (const [lon, lat] of path) {
    west = Math.min(west, lon);
    east = Math.max(east, lon);
    south = Math.min(south, lat);
    north = Math.max(north, lat);
  }
  return { west, south, east, north };
}

function overlaps(a: LonLatBox, b: LonLatBox): boolean {
  return a.west <= b.east && a.east >= b.west && a.south <= b.north && a.north >= b.south;
}
