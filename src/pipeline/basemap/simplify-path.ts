/** A lon/lat vertex. */
export type Point = readonly [number, number];

/**
 * A path (open line or closed ring) simplified with Douglas–Peucker at `tolerance` degrees. The
 * first and last vertex stay; so does the vertex farthest from the first, which splits a closed
 * ring (whose ends coincide) into two halves the algorithm can work on.
 */
export function simplifyPath(path: readonly Point[], tolerance: number): Point[] {
  if (path.length <= 3) return [...path];
  const keep = new Uint8Array(path.length);
  const last = path.length - 1;
  keep[0] = 1;
  keep[last] = 1;
  let far = 1;
  for (let index = 1; index < last; index++)
    if (distance(path[index]!, path[0]!) > distance(path[far]!, path[0]!)) far = index;
  keep[far] = 1;
  const stack: [number, number][] = [
    [0, far],
    [far, last],
  ];
  while (stack.length > 0) {
    const [first, end] = stack.pop()!;
    let worst = -1;
    let worstDistance = tolerance;
    for (let index = first + 1; index < end; index++) {
      const away = segmentDistance(path[index]!, path[first]!, path[end]!);
      if (away > worstDistance) [worst, worstDistance] = [index, away];
    }
    if (worst < 0) continue;
    keep[worst] = 1;
    stack.push([first, worst], [worst, end]);
  }
  return path.filter((_, index) => keep[index] === 1);
}

function distance(a: Point, b: Point): number {
  return Math.hypot(a[0] - b[0], a[1] - b[1]);
}

/** Distance in degrees from `point` to the segment `start`–`end`. */
function segmentDistance(point: Point, start: Point, end: Point): number {
  const dx = end[0] - start[0];
  const dy = end[1] - start[1];
  const length = dx * dx + dy * dy;
  const t =
    length === 0
      ? 0
      : Math.max(0, Math.min(1, ((point[0] - start[0]) * dx + (point[1] - start[1]) * dy) / length));
  return Math.hypot(point[0] - (start[0] + t * dx), point[1] - (start[1] + t * dy));
}
