import { type LonLat, gridToLonLat } from './grid-projection';
import { MAX_GRID_CELLS, type RasterGrid } from './raster-grid';

/** A grid as one build knows it: its index (the `grid_id` column) and the first cell id it owns. */
export interface GridEntry {
  gridId: number;
  base: number;
  grid: RasterGrid;
}

/** A cell's id on a grid of a build (grid-registry's numbering). */
export function gridCellId(entry: GridEntry, row: number, column: number): number {
  return entry.base + row * entry.grid.columns + column;
}

/** Row and column of a cell id on its grid: the id less its grid's base, in row-major order. */
export function cellRowColumn(grid: RasterGrid, id: number): { row: number; column: number } {
  const local = id % MAX_GRID_CELLS;
  return { row: Math.floor(local / grid.columns), column: local % grid.columns };
}

export interface LocatedCell {
  entry: GridEntry;
  row: number;
  column: number;
}

/**
 * The grids of one build, numbered in the order they are first seen, so cell ids stay unique
 * when a build mixes releases (sinusoidal 2022, Equal Earth 2023) or resolutions: a cell's id is
 * base + row·columns + column with base = gridId · 1e8. The first grid has base 0, so a build of
 * 2023 27 km data keeps the ids row·1276 + column. Every decoding of a cell id goes through here.
 */
export class GridRegistry {
  private readonly entries: GridEntry[] = [];

  /** The entry of a grid, registering it when new. */
  register(grid: RasterGrid): GridEntry {
    const known = this.entries.find((entry) => entry.grid.key === grid.key);
    if (known) return known;
    const entry = { gridId: this.entries.length, base: this.entries.length * MAX_GRID_CELLS, grid };
    this.entries.push(entry);
    return entry;
  }

  get grids(): readonly GridEntry[] {
    return this.entries;
  }

  cellId(entry: GridEntry, row: number, column: number): number {
    return gridCellId(entry, row, column);
  }

  locate(id: number): LocatedCell {
    const entry = this.entries[Math.floor(id / MAX_GRID_CELLS)];
    if (!entry) throw new Error(`cell id ${id} belongs to no grid of this build`);
    return { entry, ...cellRowColumn(entry.grid, id) };
  }

  /** Projected centre (FORMAT.md §1: x = x0 + (col+0.5)·resX, y = y0 − (row+0.5)·resY). */
  centreXY(id: number): [number, number] {
    const { entry, row, column } = this.locate(id);
    const { grid } = entry;
    return [grid.anchorX + (column + 0.5) * grid.resX, grid.anchorY - (row + 0.5) * grid.resY];
  }

  centreLonLat(id: number): LonLat {
    const [x, y] = this.centreXY(id);
    return gridToLonLat(this.locate(id).entry.grid, x, y);
  }

  /**
   * The cell's square as a WGS84 ring (closed, counter-clockwise), corners projected with the
   * cell's own grid: an edge of a 27 km cell bends by well under a metre in lon/lat.
   */
  footprintLonLat(id: number): LonLat[] {
    const grid = this.locate(id).entry.grid;
    const [cx, cy] = this.centreXY(id);
    const hx = grid.resX / 2;
    const hy = grid.resY / 2;
    const corners: [number, number][] = [
      [cx - hx, cy - hy],
      [cx + hx, cy - hy],
      [cx + hx, cy + hy],
      [cx - hx, cy + hy],
      [cx - hx, cy - hy],
    ];
    return corners.map(([x, y]) => gridToLonLat(grid, x, y));
  }
}
