import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { greatCircleKm } from './great-circle';
import { GridRegistry } from './grid-registry';
import { NearestCellIndex } from './nearest-cell-index';
import { equalEarthGrid, rasterGridOf } from './raster-grid';

const grids = new GridRegistry();
const eqearth = grids.register(equalEarthGrid(27));
/** The 2022 sinusoidal 27 km grid, as its GeoKeys describe it. */
const R = 6_371_007.181;
const sinusoidal = grids.register(
  rasterGridOf(
    'sinusoidal.tif',
    { ProjectedCSTypeGeoKey: 32767, ProjCoordTransGeoKey: 24, GeogSemiMajorAxisGeoKey: R },
    [-Math.PI * R, (Math.PI / 2) * R],
    [26_665.26, -26_665.28],
  ).grid,
);
const cellId = (row: number, column: number) => grids.cellId(eqearth, row, column);
const cellCentreLonLat = (id: number) => grids.centreLonLat(id);

/**
 * A sparse block around a grid row/column: every 4th row and column (108 km apart), so many
 * nearest centres lie 50–100 km away, where a search window cut too small would miss them.
 */
function blockAround(row: number, column: number, entry = eqearth) {
  const cells = [];
  for (let r = row - 12; r <= row + 12; r += 4) {
    for (let c = column - 12; c <= column + 12; c += 4) {
      const id = grids.cellId(entry, r, c);
      const [lon, lat] = cellCentreLonLat(id);
      cells.push({ cell_id: id, lon, lat });
    }
  }
  return cells;
}

function bruteForce(
  cells: { cell_id: number; lon: number; lat: number }[],
  lon: number,
  lat: number,
  maxKm: number,
) {
  let best: { cell_id: number; km: number } | null = null;
  for (const cell of cells) {
    const km = greatCircleKm(lon, lat, cell.lon, cell.lat);
    if (km <= maxKm && (best === null || km < best.km)) best = { cell_id: cell.cell_id, km };
  }
  return best;
}

describe('NearestCellIndex', () => {
  // Rows 106 (Michigan, ~46°N), 309 (equator), 30 (~72°N, where Equal Earth stretches most here).
  it.each([
    [106, 375],
    [309, 638],
    [30, 700],
  ])('nearest() near grid row %i, column %i agrees with a brute-force search', (row, column) => {
    const cells = blockAround(row, column);
    const index = new NearestCellIndex(cells, 100);
    const [lon0, lat0] = cellCentreLonLat(cellId(row, column));
    fc.assert(
      fc.property(
        fc.double({ min: -3, max: 3, noNaN: true }),
        fc.double({ min: -2, max: 2, noNaN: true }),
        (dLon, dLat) => {
          const lon = lon0 + dLon,
            lat = lat0 + dLat;
          expect(index.nearest(lon, lat)).toEqual(bruteForce(cells, lon, lat, 100));
        },
      ),
      { numRuns: 500, seed: 11 },
    );
  });

  /** The point `km` from (lon, lat) on `bearing` degrees, on the 6371.0088 km sphere. */
  function destination(lon: number, lat: number, bearing: number, km: number): [number, number] {
    const r = Math.PI / 180,
      d = km / 6371.0088,
      b = bearing * r,
      p1 = lat * r;
    const p2 = Math.asin(Math.sin(p1) * Math.cos(d) + Math.cos(p1) * Math.sin(d) * Math.cos(b));
    const l2 =
      lon * r +
      Math.atan2(Math.sin(b) * Math.sin(d) * Math.cos(p1), Math.cos(d) - Math.sin(p1) * Math.sin(p2));
    return [l2 / r, p2 / r];
  }

  it.each([
    [106, 375],
    [309, 638],
    [30, 700],
    [8, 638],
  ])(
    'nearest() finds a lone cell (row %i, column %i) from 99 km in every direction and not from 101 km',
    (row, column) => {
      const [lon, lat] = cellCentreLonLat(cellId(row, column));
      const index = new NearestCellIndex([{ cell_id: cellId(row, column), lon, lat }], 100);
      for (let bearing = 0; bearing < 360; bearing += 15) {
        expect(index.nearest(...destination(lon, lat, bearing, 99))?.cell_id, `bearing ${bearing}`).toBe(
          cellId(row, column),
        );
        expect(index.nearest(...destination(lon, lat, bearing, 101)), `bearing ${bearing}`).toBeNull();
      }
    },
  );

  it('nearest() returns null when no cell centre is within maxKm', () => {
    const [lon, lat] = cellCentreLonLat(cellId(106, 375));
    const index = new NearestCellIndex([{ cell_id: cellId(106, 375), lon, lat }], 50);
    expect(index.nearest(lon, lat + 0.4)?.cell_id).toBe(cellId(106, 375)); // 0.4° of latitude ≈ 44.5 km
    expect(index.nearest(lon, lat + 0.5)).toBeNull(); // ≈ 55.6 km
  });

  it('nearest() over cells of two grids (Equal Earth and sinusoidal) agrees with a brute-force search', () => {
    // The sinusoidal cell holding the centre of Equal Earth row 106, column 375 (Michigan), from
    // y = R·lat, x = R·lon·cos(lat): the two blocks overlap, so the nearest cell is sometimes on
    // one grid, sometimes on the other.
    const [lon0, lat0] = cellCentreLonLat(cellId(106, 375));
    const rad = Math.PI / 180;
    const sRow = Math.floor(((Math.PI / 2) * R - R * lat0 * rad) / 26_665.28);
    const sColumn = Math.floor((R * lon0 * rad * Math.cos(lat0 * rad) + Math.PI * R) / 26_665.26);
    const cells = [...blockAround(106, 375), ...blockAround(sRow, sColumn, sinusoidal)];
    expect(new Set(cells.map((cell) => Math.floor(cell.cell_id / 1e8)))).toEqual(new Set([0, 1]));
    const index = new NearestCellIndex(cells, 100);
    const winners = new Set<number>();
    fc.assert(
      fc.property(
        fc.double({ min: -4, max: 4, noNaN: true }),
        fc.double({ min: -3, max: 3, noNaN: true }),
        (dLon, dLat) => {
          const found = index.nearest(lon0 + dLon, lat0 + dLat);
          expect(found).toEqual(bruteForce(cells, lon0 + dLon, lat0 + dLat, 100));
          if (found) winners.add(Math.floor(found.cell_id / 1e8));
        },
      ),
      { numRuns: 500, seed: 12 },
    );
    expect(winners).toEqual(new Set([0, 1]));
  });

  it('nearest() finds a cell across the antimeridian', () => {
    const cells = [
      { cell_id: 1, lon: 179.9, lat: -17 },
      { cell_id: 2, lon: -179.2, lat: -17 },
    ];
    const index = new NearestCellIndex(cells, 100);
    expect(index.nearest(-179.95, -17)).toEqual(bruteForce(cells, -179.95, -17, 100));
    expect(index.nearest(-179.95, -17)?.cell_id).toBe(1);
    expect(index.nearest(179.5, -17)?.cell_id).toBe(1);
    expect(index.nearest(179.7, -17.1)).toEqual(bruteForce(cells, 179.7, -17.1, 100));
  });

  it('nearest() near a pole searches every longitude', () => {
    const cells = [{ cell_id: 7, lon: 10, lat: 89.6 }];
    const index = new NearestCellIndex(cells, 100);
    expect(index.nearest(-170, 89.7)).toEqual(bruteForce(cells, -170, 89.7, 100));
    expect(index.nearest(-170, 89.7)?.cell_id).toBe(7);
  });
});
