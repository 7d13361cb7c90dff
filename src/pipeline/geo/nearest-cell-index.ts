import { EARTH_RADIUS_KM, greatCircleKm } from './great-circle';

export interface CellCentre {
  cell_id: number;
  lon: number;
  lat: number;
}

export interface NearestCell {
  cell_id: number;
  /** Great-circle distance from the point to the cell centre. */
  km: number;
}

const DEGREES = 180 / Math.PI;
/** Bucket size in degrees: about 111 km of latitude, near the 100 km search radius places use. */
const BUCKET_DEGREES = 1;
const LON_BUCKETS = 360 / BUCKET_DEGREES;

const lonBucket = (lon: number) =>
  ((Math.floor(lon / BUCKET_DEGREES) % LON_BUCKETS) + LON_BUCKETS) % LON_BUCKETS;
const latBucket = (lat: number) => Math.floor(lat / BUCKET_DEGREES);

/**
 * The built cell whose centre is nearest a point, among cells within `maxKm`. Centres are bucketed
 * by whole degrees of lon/lat, so the index knows nothing of grids and serves a build that mixes
 * grids (sinusoidal 2022 and Equal Earth 2023, 27 and 3 km). A lookup reads the buckets of the
 * point's ±maxKm box: any point within d km lies within d/R radians of latitude and, along the
 * path, within d / (R·cos(|lat| + d/R)) of longitude; the box wraps across the antimeridian.
 */
export class NearestCellIndex {
  private readonly buckets = new Map<number, CellCentre[]>();
  readonly size: number;

  constructor(
    cells: readonly CellCentre[],
    readonly maxKm: number,
  ) {
    for (const cell of cells) {
      const key = latBucket(cell.lat) * LON_BUCKETS + lonBucket(cell.lon);
      const bucket = this.buckets.get(key);
      if (bucket) bucket.push(cell);
      else this.buckets.set(key, [cell]);
    }
    this.size = cells.length;
  }

  private lonBuckets(lon: number, dLon: number): number[] {
    if (dLon >= 180) return Array.from({ length: LON_BUCKETS }, (_, i) => i);
    const first = Math.floor((lon - dLon) / BUCKET_DEGREES);
    const last = Math.floor((lon + dLon) / BUCKET_DEGREES);
    const found = new Set<number>();
    for (let b = first; b <= last; b++) found.add(((b % LON_BUCKETS) + LON_BUCKETS) % LON_BUCKETS);
    return [...found];
  }

  nearest(lon: number, lat: number): NearestCell | null {
    const dLat = (this.maxKm / EARTH_RADIUS_KM) * DEGREES;
    const farLat = Math.abs(lat) + dLat;
    const dLon = farLat >= 90 ? 180 : Math.min(180, dLat / Math.cos(farLat / DEGREES));
    const columns = this.lonBuckets(lon, dLon);
    let best: NearestCell | null = null;
    for (let row = latBucket(Math.max(-90, lat - dLat)); row <= latBucket(Math.min(90, lat + dLat)); row++) {
      for (const column of columns) {
        for (const cell of this.buckets.get(row * LON_BUCKETS + column) ?? []) {
          const km = greatCircleKm(lon, lat, cell.lon, cell.lat);
          if (
            km <= this.maxKm &&
            (best === null || km < best.km || (km === best.km && cell.cell_id < best.cell_id))
          )
            best = { cell_id: cell.cell_id, km };
        }
      }
    }
    return best;
  }
}
