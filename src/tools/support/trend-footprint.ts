/**
 * The trends grid is a regular grid in a spherical sinusoidal projection, not the 27 km EPSG:8857
 * status grid: FORMAT.md §4 measured 26,665.28 m cells on a sphere of R = 6,371,007.181 m (centre
 * latitudes 0.23980636° apart; within a row Δlon·cos(lat) = 0.2398062°). Its cells are squares
 * in (lon·cos(lat), lat), so on a lon/lat map each is a trapezoid, wider towards the equator.
 */
const CELL_METRES = 26_665.28;
const SPHERE_METRES = 6_371_007.181;
/** The cell side in degrees of latitude (0.239806°). */
export const TREND_CELL_DEGREES = (CELL_METRES / SPHERE_METRES) * (180 / Math.PI);

const radians = (degrees: number) => (degrees * Math.PI) / 180;

/**
 * The four lon/lat corners (8 numbers) of the trend cell centred on `lon`, `lat`, in ring
 * order south-west, south-east, north-east, north-west: the footprint the map draws.
 */
export function trendCellFootprint(lon: number, lat: number): number[] {
  const half = TREND_CELL_DEGREES / 2;
  const x = lon * Math.cos(radians(lat));
  const corner = (dx: number, dy: number) => {
    const cornerLat = lat + dy;
    return [(x + dx) / Math.cos(radians(cornerLat)), cornerLat];
  };
  return [...corner(-half, -half), ...corner(half, -half), ...corner(half, half), ...corner(-half, half)];
}
