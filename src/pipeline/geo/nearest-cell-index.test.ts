import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cellCentreLonLat, cellId } from './grid';
import { greatCircleKm } from './great-circle';
import { NearestCellIndex } from './nearest-cell-index';

/**
 * A sparse block around a grid row/column: every 4th row and column (108 km apart), so many
 * nearest centres lie 50–100 km away, where a search window cut too small would miss them.
 */
function blockAround(row: number, column: number) {
  const cells = [];
  for (let r = row - 12; r <= row + 12; r += 4) {
    for (let c = column - 12; c <= column + 12; c += 4) {
      const id = cellId(r, c);
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
});
