import { GRID, cellId, lonLatToEqualEarth } from './grid';
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

/**
 * The built cell whose centre is nearest a point, among cells within `maxKm`. Cells are looked up
 * by grid row/column over the window that the point's ±maxKm lon/lat box covers in EPSG:8857, so
 * a lookup costs (window cells) map reads whatever the build's size: Equal Earth's y depends on
 * latitude only and its x is linear in longitude, so the box's four corners bound the window.
 */
export class NearestCellIndex {
  private readonly byId: Map<number, CellCentre>;

  constructor(
    cells: readonly CellCentre[],
    readonly maxKm: number,
  ) {
    this.byId = new Map(cells.map((cell) => [cell.cell_id, cell]));
  }

  get size(): number {
    return this.byId.size;
  }

  nearest(lon: number, lat: number): NearestCell | null {
    const dLat = (this.maxKm / EARTH_RADIUS_KM) * DEGREES;
    const farLat = Math.min(89.9, Math.abs(lat) + dLat);
    const dLon = Math.min(180, dLat / Math.cos(farLat / DEGREES));
    const corners = [
      [lon - dLon, lat - dLat],
      [lon + dLon, lat - dLat],
      [lon - dLon, lat + dLat],
      [lon + dLon, lat + dLat],
    ].map(([x, y]) => lonLatToEqualEarth(Math.max(-180, Math.min(180, x)), Math.max(-90, Math.min(90, y))));
    const xs = corners.map(([x]) => x);
    const ys = corners.map(([, y]) => y);
    const column0 = Math.max(0, Math.floor((Math.min(...xs) - GRID.originX) / GRID.resolution));
    const column1 = Math.min(
      GRID.columns - 1,
      Math.floor((Math.max(...xs) - GRID.originX) / GRID.resolution),
    );
    const row0 = Math.max(0, Math.floor((GRID.originY - Math.max(...ys)) / GRID.resolution));
    const row1 = Math.min(GRID.rows - 1, Math.floor((GRID.originY - Math.min(...ys)) / GRID.resolution));
    let best: NearestCell | null = null;
    for (let row = row0; row <= row1; row++) {
      for (let column = column0; column <= column1; column++) {
        const cell = this.byId.get(cellId(row, column));
        if (!cell) continue;
        const km = greatCircleKm(lon, lat, cell.lon, cell.lat);
        if (
          km <= this.maxKm &&
          (best === null || km < best.km || (km === best.km && cell.cell_id < best.cell_id))
        )
          best = { cell_id: cell.cell_id, km };
      }
    }
    return best;
  }
}
