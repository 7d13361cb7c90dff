import type { IndexedRegion } from './region-index';

const KM_PER_DEGREE = 111.195; // 2π · 6371.0088 km / 360

/** Distance in km from a point to segment a–b, in a local equirectangular plane around the point. */
function segmentKm(lon: number, lat: number, a: number[], b: number[], cosLat: number): number {
  const ax = (a[0] - lon) * cosLat,
    ay = a[1] - lat;
  const bx = (b[0] - lon) * cosLat,
    by = b[1] - lat;
  const dx = bx - ax,
    dy = by - ay;
  const lengthSquared = dx * dx + dy * dy;
  const t = lengthSquared === 0 ? 0 : Math.max(0, Math.min(1, -(ax * dx + ay * dy) / lengthSquared));
  return Math.hypot(ax + t * dx, ay + t * dy) * KM_PER_DEGREE;
}

/**
 * The region whose boundary passes nearest a point that lies in none of them (a cell centre in a
 * lake). The plane is local to the point: over the tens of km between a lake cell and its shore
 * the equirectangular error is well under 1%. Ties go to the first region listed.
 */
export function nearestRegion(
  regions: readonly IndexedRegion[],
  lon: number,
  lat: number,
): { code: string; km: number } | null {
  const cosLat = Math.cos((lat * Math.PI) / 180);
  let best: { code: string; km: number } | null = null;
  for (const region of regions) {
    for (const polygon of region.polygons) {
      for (const ring of polygon) {
        for (let i = 0; i + 1 < ring.length; i++) {
          const km = segmentKm(lon, lat, ring[i], ring[i + 1], cosLat);
          if (best === null || km < best.km) best = { code: region.code, km };
        }
      }
    }
  }
  return best;
}
