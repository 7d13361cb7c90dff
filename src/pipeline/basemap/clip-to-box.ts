import type { LonLatBox } from './lon-lat-box';
import type { Point } from './simplify-path';

type Edge = { inside: (point: Point) => boolean; cross: (a: Point, b: Point) => Point };

function edgesOf(box: LonLatBox): Edge[] {
  const atLon =
    (lon: number) =>
    (a: Point, b: Point): Point => [lon, a[1] + ((b[1] - a[1]) * (lon - a[0])) / (b[0] - a[0])];
  const atLat =
    (lat: number) =>
    (a: Point, b: Point): Point => [a[0] + ((b[0] - a[0]) * (lat - a[1])) / (b[1] - a[1]), lat];
  return [
    { inside: (p) => p[0] >= box.west, cross: atLon(box.west) },
    { inside: (p) => p[0] <= box.east, cross: atLon(box.east) },
    { inside: (p) => p[1] >= box.south, cross: atLat(box.south) },
    { inside: (p) => p[1] <= box.north, cross: atLat(box.north) },
  ];
}

/**
 * A closed ring clipped to `box` (Sutherland–Hodgman: one pass per edge), closed again; [] when
 * less than a triangle is left. A ring that leaves the box and comes back keeps a zero-width
 * seam along the box edge: harmless for a fill (nothing strokes these rings).
 */
export function clipRing(ring: readonly Point[], box: LonLatBox): Point[] {
  let points = ring.slice(0, -1);
  for (const edge of edgesOf(box)) {
    if (points.length === 0) break;
    const next: Point[] = [];
    for (let index = 0; index < points.length; index++) {
      const current = points[index]!;
      const previous = points[(index + points.length - 1) % points.length]!;
      if (edge.inside(current)) {
        if (!edge.inside(previous)) next.push(edge.cross(previous, current));
        next.push(current);
      } else if (edge.inside(previous)) next.push(edge.cross(previous, current));
    }
    points = next;
  }
  return points.length < 3 ? [] : [...points, points[0]!];
}

/** The pieces of an open line inside `box` (Liang–Barsky per segment; touching pieces joined). */
export function clipPath(path: readonly Point[], box: LonLatBox): Point[][] {
  const pieces: Point[][] = [];
  let current: Point[] | undefined;
  for (let index = 1; index < path.length; index++) {
    const segment = clipSegment(path[index - 1]!, path[index]!, box);
    if (!segment) {
      current = undefined;
      continue;
    }
    const [start, end] = segment;
    const last = current?.at(-1);
    if (!current || !last || last[0] !== start[0] || last[1] !== start[1]) {
      current = [start];
      pieces.push(current);
    }
    current.push(end);
    // A segment cut at its far end leaves the box: the next one starts a new piece.
    if (end !== path[index]) current = undefined;
  }
  return pieces;
}

function clipSegment(a: Point, b: Point, box: LonLatBox): [Point, Point] | null {
  const dx = b[0] - a[0];
  const dy = b[1] - a[1];
  let enter = 0;
  let leave = 1;
  const sides: [number, number][] = [
    [-dx, a[0] - box.west],
    [dx, box.east - a[0]],
    [-dy, a[1] - box.south],
    [dy, box.north - a[1]],
  ];
  for (const [p, q] of sides) {
    if (p === 0) {
      if (q < 0) return null;
      continue;
    }
    const t = q / p;
    if (p < 0) enter = Math.max(enter, t);
    else leave = Math.min(leave, t);
    if (enter > leave) return null;
  }
  const start: Point = enter === 0 ? a : [a[0] + enter * dx, a[1] + enter * dy];
  const end: Point = leave === 1 ? b : [a[0] + leave * dx, a[1] + leave * dy];
  return [start, end];
}
