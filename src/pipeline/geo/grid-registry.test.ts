import {
  SINUSOIDAL_R,
  SINUSOIDAL_RES_X,
  SINUSOIDAL_RES_Y,
  sinusoidalFootprint,
  sinusoidalInverse,
} from '../test-support/sinusoidal-reference';
import { describe, expect, it } from 'vitest';
import { GridRegistry } from './grid-registry';
import { equalEarthGrid, rasterGridOf } from './raster-grid';

const R = SINUSOIDAL_R;
const RES_X = SINUSOIDAL_RES_X,
  RES_Y = SINUSOIDAL_RES_Y;
const sinusoidal27 = () =>
  rasterGridOf(
    'sinusoidal.tif',
    { ProjectedCSTypeGeoKey: 32767, ProjCoordTransGeoKey: 24, GeogSemiMajorAxisGeoKey: R },
    [-Math.PI * R, (Math.PI / 2) * R],
    [RES_X, -RES_Y],
  ).grid;

describe('GridRegistry', () => {
  it('sinusoidal cells: centre and footprint corners match the closed-form inverse', () => {
    const grids = new GridRegistry();
    const entry = grids.register(sinusoidal27());
    for (const [row, column] of [
      [185, 503], // Michigan
      [375, 751], // at the equator, near lon 0
      [40, 700], // 80°N
    ]) {
      const id = grids.cellId(entry, row, column);
      expect(id).toBe(row * 1502 + column);
      const x = -Math.PI * R + (column + 0.5) * RES_X;
      const y = (Math.PI / 2) * R - (row + 0.5) * RES_Y;
      const [lon, lat] = grids.centreLonLat(id);
      const [eLon, eLat] = sinusoidalInverse(x, y);
      expect(lon).toBeCloseTo(eLon, 9);
      expect(lat).toBeCloseTo(eLat, 9);
      const ring = grids.footprintLonLat(id);
      const expected = sinusoidalFootprint(x, y);
      expect(ring).toHaveLength(5);
      ring.forEach(([cLon, cLat], i) => {
        expect(cLon).toBeCloseTo(expected[i][0], 9);
        expect(cLat).toBeCloseTo(expected[i][1], 9);
      });
    }
    expect(entry.grid.cellAreaKm2).toBeCloseTo((RES_X * RES_Y) / 1e6, 9);
    expect(entry.grid.cellAreaKm2).toBeCloseTo(711.04, 2);
  });

  it('sinusoidal cell area: the spherical area of the cell equals resX·resY (equal-area)', () => {
    // On a sphere, the area between latitudes φ1 < φ2 over Δλ is R²·Δλ·(sin φ2 − sin φ1); the
    // sinusoidal cell's edges are curved in lon/lat, so integrate Δλ(φ) = resX/(R cos φ) over φ.
    const row = 185;
    const y0 = (Math.PI / 2) * R - (row + 1) * RES_Y;
    const steps = 2000;
    let area = 0;
    for (let i = 0; i < steps; i++) {
      const phi = (y0 + ((i + 0.5) * RES_Y) / steps) / R;
      area += R * R * (RES_X / (R * Math.cos(phi))) * Math.cos(phi) * (RES_Y / steps / R);
    }
    const grids = new GridRegistry();
    const entry = grids.register(sinusoidal27());
    expect(entry.grid.cellAreaKm2).toBeCloseTo(area / 1e6, 6);
  });

  it('ids of two grids never collide; the first grid keeps row·1276 + col', () => {
    const grids = new GridRegistry();
    const eqearth = grids.register(equalEarthGrid(27));
    const sinusoidal = grids.register(sinusoidal27());
    expect(grids.register(equalEarthGrid(27))).toBe(eqearth); // same grid, same entry
    expect([eqearth.gridId, eqearth.base, sinusoidal.gridId, sinusoidal.base]).toEqual([
      0, 0, 1, 100_000_000,
    ]);
    const eqIds = new Set<number>();
    for (let row = 0; row < 618; row += 7)
      for (let column = 0; column < 1276; column += 5) {
        const id = grids.cellId(eqearth, row, column);
        expect(id).toBe(row * 1276 + column);
        eqIds.add(id);
        expect(grids.locate(id)).toEqual({ entry: eqearth, row, column });
      }
    for (let row = 0; row < 751; row += 7)
      for (let column = 0; column < 1502; column += 5) {
        const id = grids.cellId(sinusoidal, row, column);
        expect(eqIds.has(id)).toBe(false);
        expect(grids.locate(id)).toEqual({ entry: sinusoidal, row, column });
      }
    // The last cell of the 3 km grid still decodes to its own grid.
    const fine = grids.register(equalEarthGrid(3));
    const last = grids.cellId(fine, 5561, 11483);
    expect(last).toBeLessThan(3 * 100_000_000);
    expect(grids.locate(last)).toEqual({ entry: fine, row: 5561, column: 11483 });
  });
});
