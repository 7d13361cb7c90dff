import { assignCellRegions } from '../geo/assign-cell-regions';
import type { CellRegions } from '../geo/assign-cell-regions';
import { type GridEntry, GridRegistry } from '../geo/grid-registry';
import type { RasterGrid } from '../geo/raster-grid';
import { boundingBox, multiPolygonAreaKm2 } from '../geo/planar-area';
import type { Boundaries } from '../boundaries/load-regions';
import type { Stage } from './stage';

const round6 = (value: number) => Math.round(value * 1e6) / 1e6;

/**
 * Remembers each cell's regions so cells, weekly and seasonal agree and each cell is located
 * once; owns the build's grids, so every cell id it hands out decodes to one grid's row/column.
 */
export class CellRegistry {
  private readonly regions = new Map<number, CellRegions>();
  readonly grids = new GridRegistry();
  constructor(private readonly boundaries: Boundaries) {}

  /** The grid's entry in this build (its id base), registering the grid when first seen. */
  register(grid: RasterGrid): GridEntry {
    return this.grids.register(grid);
  }

  lookup(ids: number[]): Map<number, CellRegions> {
    const missing = ids.filter((id) => !this.regions.has(id));
    for (const [id, regions] of assignCellRegions(
      missing,
      this.grids,
      this.boundaries.countries,
      this.boundaries.states,
    ))
      this.regions.set(id, regions);
    return new Map(ids.map((id) => [id, this.regions.get(id)!]));
  }

  async stage(stage: Stage): Promise<void> {
    const ids = [...this.regions.keys()].sort((a, b) => a - b);
    await stage.append(
      'cells',
      ids.map((id) => {
        const { entry } = this.grids.locate(id);
        const [lon, lat] = this.grids.centreLonLat(id);
        const footprint = this.grids.footprintLonLat(id).map(([x, y]) => [round6(x), round6(y)]);
        return {
          cell_id: id,
          grid_id: entry.gridId,
          resolution_km: entry.grid.resolutionKm,
          lon,
          lat,
          area_km2: entry.grid.cellAreaKm2,
          ...this.regions.get(id),
          footprint_geojson: JSON.stringify({ type: 'Polygon', coordinates: [footprint] }),
        };
      }),
    );
  }
}

/** Stages the regions table; the centroid is the vertex mean of the largest polygon's outer ring (a label point). */
export async function stageRegions(stage: Stage, boundaries: Boundaries): Promise<void> {
  await stage.append(
    'regions',
    boundaries.regions.map((region) => {
      const [xmin, ymin, xmax, ymax] = boundingBox(region.polygons);
      const largest = region.polygons.reduce((best, polygon) =>
        multiPolygonAreaKm2([polygon]) > multiPolygonAreaKm2([best]) ? polygon : best,
      );
      const ring = largest[0].slice(0, -1);
      return {
        region_code: region.region_code,
        name: region.name,
        type: region.type,
        parent_code: region.parent_code,
        xmin,
        ymin,
        xmax,
        ymax,
        centroid_lon: ring.reduce((sum, point) => sum + point[0], 0) / ring.length,
        centroid_lat: ring.reduce((sum, point) => sum + point[1], 0) / ring.length,
        geometry_geojson: JSON.stringify({ type: 'MultiPolygon', coordinates: region.polygons }),
      };
    }),
  );
}

/** The staged cells' centres: places and parts are defined over the cells this build holds. */
export async function stagedCells(
  stage: Stage,
): Promise<{ cell_id: number; lon: number; lat: number; state_code: string | null }[]> {
  const rows = (
    await stage.connection.runAndReadAll('SELECT cell_id, lon, lat, state_code FROM cells ORDER BY cell_id')
  ).getRows();
  return rows.map(([cell_id, lon, lat, state]) => ({
    cell_id: Number(cell_id),
    lon: Number(lon),
    lat: Number(lat),
    state_code: state === null ? null : String(state),
  }));
}
