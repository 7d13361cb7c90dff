import type { Boundaries } from '../pipeline/boundaries/load-regions';
import { gridToLonLat } from '../pipeline/geo/grid-projection';
import { equalEarthGrid } from '../pipeline/geo/raster-grid';
import type { Stage } from '../pipeline/tables/stage';

/**
 * The scale site's cells: the union of every species' rectangle on the 2023 27 km Equal Earth
 * grid, with the columns of the `cells` table (centre, footprint, country and US state). Rows are
 * made in SQL from `range()`; JS supplies only two small lookup tables: the projection of each
 * grid row (618 rows) and the regions of each 2 × 2 block of cells.
 *
 * Writes the temp table `sim_cell_info` (everything `cells` needs plus grid row/column); the
 * `cells` table itself is filled by `stageCells` at the end, so the per-species writes before it
 * do not rewrite a 190,000-row file each time.
 */
export async function stageCellLattice(stage: Stage, boundaries: Boundaries): Promise<number> {
  const connection = stage.connection;
  await stageRowProjection(stage);
  await connection.run(`CREATE TEMP TABLE sim_cells AS
    SELECT DISTINCT s.row0 + k // s.width AS r, s.column0 + k % s.width AS c
    FROM sim_species AS s, LATERAL range(s.cells) AS t(k)`);
  await stageBlockRegions(stage, boundaries);
  // Footprint corners in the pipeline's order (grid-registry footprintLonLat): SW, SE, NE, NW, SW.
  const corner = (x: string, k: string, lat: string) =>
    `'[' || round(${x} * ${k}, 6) || ',' || round(${lat}, 6) || ']'`;
  await connection.run(`CREATE TEMP TABLE sim_cell_info AS
    WITH placed AS (
      SELECT c.r, c.c, p.*, ${GRID.anchorX} + c.c * ${GRID.res} AS x0, ${GRID.anchorX} + (c.c + 1) * ${GRID.res} AS x1
      FROM sim_cells AS c JOIN sim_rows AS p ON p.r = c.r)
    SELECT placed.r, placed.c, (placed.r * ${GRID.columns} + placed.c)::INTEGER AS cell_id,
      (x0 + x1) / 2 * k_centre AS lon, lat_centre AS lat, b.country_code, b.state_code,
      '{"type":"Polygon","coordinates":[[' || ${corner('x0', 'k_bottom', 'lat_bottom')} || ',' || ${corner('x1', 'k_bottom', 'lat_bottom')} || ','
        || ${corner('x1', 'k_top', 'lat_top')} || ',' || ${corner('x0', 'k_top', 'lat_top')} || ',' || ${corner('x0', 'k_bottom', 'lat_bottom')} || ']]}' AS footprint_geojson
    FROM placed LEFT JOIN sim_block_regions AS b ON b.br = placed.r // 2 AND b.bc = placed.c // 2`);
  const count = await connection.runAndReadAll('SELECT count(*) FROM sim_cell_info');
  return Number(count.getRows()[0][0]);
}

/** Fills `cells` with the codes and areas of `sim_cell_info` only (what weekly_regions groups by). */
export async function stageCellCodes(stage: Stage): Promise<void> {
  await stage.connection.run(`INSERT INTO cells BY NAME
    SELECT cell_id, ${GRID.res * GRID.res * 1e-6} AS area_km2, country_code, state_code FROM sim_cell_info`);
}

/** Fills `cells` from `sim_cell_info` (call before the last `writeTables`). */
export async function stageCells(stage: Stage): Promise<void> {
  await stage.connection.run(`INSERT INTO cells BY NAME
    SELECT cell_id, 0 AS grid_id, 27 AS resolution_km, lon, lat, ${GRID.res * GRID.res * 1e-6} AS area_km2,
      country_code, state_code, footprint_geojson
    FROM sim_cell_info`);
}

const GRID = (() => {
  const grid = equalEarthGrid(27);
  return {
    grid,
    anchorX: grid.anchorX,
    anchorY: grid.anchorY,
    res: grid.resX,
    columns: grid.columns,
    rows: grid.rows,
  };
})();

/**
 * Equal Earth's x is longitude times a function of latitude (x = λ·f(θ)), so on one grid row
 * longitude is x times a constant: lon = x·k. For each row: the latitude and k at the centre
 * line and at both edges, from proj4 (the pipeline's own projection), so cells match a build's.
 */
async function stageRowProjection(stage: Stage): Promise<void> {
  const probeX = 1_000_000;
  const at = (y: number) => {
    const [, lat] = gridToLonLat(GRID.grid, 0, y);
    const [lon] = gridToLonLat(GRID.grid, probeX, y);
    return { lat, k: lon / probeX };
  };
  const rows = Array.from({ length: GRID.rows }, (_, r) => {
    const top = at(GRID.anchorY - r * GRID.res);
    const centre = at(GRID.anchorY - (r + 0.5) * GRID.res);
    const bottom = at(GRID.anchorY - (r + 1) * GRID.res);
    return `(${r}, ${centre.lat}, ${centre.k}, ${top.lat}, ${top.k}, ${bottom.lat}, ${bottom.k})`;
  });
  await stage.connection.run(
    'CREATE TEMP TABLE sim_rows (r INTEGER, lat_centre DOUBLE, k_centre DOUBLE, lat_top DOUBLE, k_top DOUBLE, lat_bottom DOUBLE, k_bottom DOUBLE)',
  );
  await stage.connection.run(`INSERT INTO sim_rows VALUES ${rows.join(', ')}`);
}

/**
 * Country and US state of each 2 × 2 block of cells, from the point at the block's centre, with
 * the pipeline's boundaries (world-atlas, us-atlas). A build places every cell (centre, else a
 * 5 × 5 vote over its footprint: assign-cell-regions.ts), at ~39 µs a point here; blocks cut the
 * lookups fourfold (190,000 cells: ~2 s instead of ~8 s) and only make borders 54 km coarse,
 * which no question of the bench depends on.
 */
async function stageBlockRegions(stage: Stage, boundaries: Boundaries): Promise<void> {
  const connection = stage.connection;
  const blocks = (
    await connection.runAndReadAll('SELECT DISTINCT r // 2, c // 2 FROM sim_cells ORDER BY 1, 2')
  ).getRows();
  await connection.run(
    'CREATE TEMP TABLE sim_block_regions (br INTEGER, bc INTEGER, country_code VARCHAR, state_code VARCHAR)',
  );
  const quote = (code: string | null) => (code === null ? 'NULL' : `'${code.replaceAll("'", "''")}'`);
  const values: string[] = [];
  for (const [blockRow, blockColumn] of blocks) {
    const x = GRID.anchorX + (2 * Number(blockColumn) + 1) * GRID.res;
    const y = GRID.anchorY - (2 * Number(blockRow) + 1) * GRID.res;
    const [lon, lat] = gridToLonLat(GRID.grid, x, y);
    const country = boundaries.countries.locate(lon, lat);
    const state = country === 'USA' ? boundaries.states.locate(lon, lat) : null;
    if (country !== null) values.push(`(${blockRow}, ${blockColumn}, ${quote(country)}, ${quote(state)})`);
  }
  // Batches keep each statement's text a few hundred KB.
  for (let start = 0; start < values.length; start += 5_000)
    await connection.run(
      `INSERT INTO sim_block_regions VALUES ${values.slice(start, start + 5_000).join(', ')}`,
    );
}
