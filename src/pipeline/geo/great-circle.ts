/** Mean Earth radius (IUGG), the same sphere as the engine's distance_km macro (engine-macros.ts). */
export const EARTH_RADIUS_KM = 6371.0088;

const RADIANS = Math.PI / 180;

/** Great-circle (haversine) distance in km between two WGS84 points on that sphere. */
export function greatCircleKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const dLat = (lat2 - lat1) * RADIANS;
  const dLon = (lon2 - lon1) * RADIANS;
  const h =
    Math.sin(dLat / 2) ** 2 + Math.cos(lat1 * RADIANS) * Math.cos(lat2 * RADIANS) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}
