/**
 * The 2021–2022 sinusoidal 27 km grid as tests compute it themselves, independent of the
 * pipeline's proj4 path: sphere radius, pixel size, and the closed-form spherical inverse.
 */
export const SINUSOIDAL_R = 6_371_007.181;
export const SINUSOIDAL_RES_X = 26_665.26;
export const SINUSOIDAL_RES_Y = 26_665.28;

/** lat = y/R, lon = x/(R·cos lat), in degrees. */
export function sinusoidalInverse(x: number, y: number): [number, number] {
  const lat = y / SINUSOIDAL_R;
  return [((x / (SINUSOIDAL_R * Math.cos(lat))) * 180) / Math.PI, (lat * 180) / Math.PI];
}

/** The closed ring of the cell square centred at (x, y), in lon/lat. */
export function sinusoidalFootprint(x: number, y: number): [number, number][] {
  const hx = SINUSOIDAL_RES_X / 2;
  const hy = SINUSOIDAL_RES_Y / 2;
  return [
    [x - hx, y - hy],
    [x + hx, y - hy],
    [x + hx, y + hy],
    [x - hx, y + hy],
    [x - hx, y - hy],
  ].map(([cx, cy]) => sinusoidalInverse(cx, cy));
}
