import { describe, expect, it } from 'vitest';
import { PipelineError } from '../pipeline-error';
import { type GridGeoKeys, equalEarthGrid, rasterGridOf } from './raster-grid';

const R = 6_371_007.181;
const SINUSOIDAL_KEYS: GridGeoKeys = {
  GTModelTypeGeoKey: 1,
  ProjectedCSTypeGeoKey: 32767,
  ProjCoordTransGeoKey: 24,
  ProjLinearUnitsGeoKey: 9001,
  GeogSemiMajorAxisGeoKey: R,
};

function failure(run: () => unknown): PipelineError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(PipelineError);
    return error as PipelineError;
  }
  throw new Error('expected a PipelineError');
}

describe('rasterGridOf', () => {
  it.each([
    [27, 1276, 618],
    [9, 3828, 1854],
    [3, 11484, 5562],
  ] as const)('EPSG:8857 at %i km is the whole-globe %i × %i lattice', (km, columns, rows) => {
    const res = km * 1000;
    const { grid, row0, column0 } = rasterGridOf(
      'f.tif',
      { ProjectedCSTypeGeoKey: 8857, ProjLinearUnitsGeoKey: 9001 },
      [-17_226_000 + 375 * res, 8_343_000 - 100 * res],
      [res, -res],
    );
    expect(grid.proj).toBe('+proj=eqearth +lon_0=0 +x_0=0 +y_0=0 +datum=WGS84 +units=m +no_defs');
    expect([grid.family, grid.columns, grid.rows, grid.resolutionKm]).toEqual(['eqearth', columns, rows, km]);
    expect(grid.cellAreaKm2).toBe(km * km);
    expect([row0, column0]).toEqual([100, 375]);
  });

  it('the sinusoidal grid of 2021–2022 comes from its GeoKeys: sphere, anchor (−πR, πR/2), 1502 columns', () => {
    const resX = 26_665.26,
      resY = 26_665.28;
    const { grid, row0, column0 } = rasterGridOf(
      'f.tif',
      SINUSOIDAL_KEYS,
      [-Math.PI * R + 40 * resX, (Math.PI / 2) * R - 7 * resY],
      [resX, -resY],
    );
    expect(grid.family).toBe('sinusoidal');
    expect(grid.proj).toBe('+proj=sinu +lon_0=0 +x_0=0 +y_0=0 +R=6371007.181 +units=m +no_defs');
    expect(grid.anchorX).toBeCloseTo(-20_015_109.354, 2);
    expect(grid.anchorY).toBeCloseTo(10_007_554.677, 2);
    expect(grid.columns).toBe(1502); // the srd_id numbering of the 2022 trends: row·1502 + col + 1
    expect(grid.rows).toBe(Math.ceil((Math.PI * R) / resY));
    expect(grid.resolutionKm).toBe(27);
    expect(grid.cellAreaKm2).toBeCloseTo(711.04, 2);
    expect([row0, column0]).toEqual([7, 40]);
  });

  it('the sinusoidal origin the real files carry (−20,015,109.354, 10,007,554.677) is on the lattice', () => {
    const { row0, column0 } = rasterGridOf(
      'f.tif',
      SINUSOIDAL_KEYS,
      [-20_015_109.354, 10_007_554.677],
      [26_665.26, -26_665.28],
    );
    expect([row0, column0]).toEqual([0, 0]);
  });

  it('a sinusoidal centre longitude, false easting and radius from the GeoKeys reach the PROJ string', () => {
    const { grid } = rasterGridOf(
      'f.tif',
      {
        ProjectedCSTypeGeoKey: 32767,
        ProjCoordTransGeoKey: 24,
        ProjNatOriginLongGeoKey: 10,
        ProjFalseEastingGeoKey: 500,
        GeogSemiMajorAxisGeoKey: 6_371_000,
      },
      [500 - Math.PI * 6_371_000, (Math.PI / 2) * 6_371_000],
      [8888.42, -8888.43],
    );
    expect(grid.proj).toBe('+proj=sinu +lon_0=10 +x_0=500 +y_0=0 +R=6371000 +units=m +no_defs');
    expect(grid.resolutionKm).toBe(9);
  });

  it.each([
    [{ ProjectedCSTypeGeoKey: 3857 }, 'CRS is EPSG:3857'],
    [{ ProjectedCSTypeGeoKey: 32767, ProjCoordTransGeoKey: 11 }, 'CRS is user-defined (ProjCoordTrans 11)'],
    [{ GeographicTypeGeoKey: 4326 }, 'CRS is EPSG:4326'],
    [{}, 'CRS is not given'],
  ] as [GridGeoKeys, string][])('another CRS (%o) fails with wrong_crs and true advice', (keys, detail) => {
    const error = failure(() => rasterGridOf('other.tif', keys, [0, 0], [27_000, -27_000]));
    expect(error.code).toBe('wrong_crs');
    expect(error.file).toBe('other.tif');
    expect(error.message).toContain(detail);
    expect(error.message).toContain(
      'Equal Earth EPSG:8857 (release 2023+) or the sinusoidal grid (2021–2022)',
    );
    expect(error.message).toContain('download it again');
  });

  it('an origin off the lattice fails with unexpected_grid naming the file', () => {
    const error = failure(() =>
      rasterGridOf(
        'shifted.tif',
        { ProjectedCSTypeGeoKey: 8857 },
        [-17_226_000 + 13_500, 8_343_000],
        [27_000, -27_000],
      ),
    );
    expect(error.code).toBe('unexpected_grid');
    expect(error.message).toMatch(/^unexpected_grid: shifted\.tif: its x origin is 0\.500000 pixels/);
  });

  it('equalEarthGrid(27) is the 2023 grid', () => {
    const grid = equalEarthGrid(27);
    expect([grid.anchorX, grid.anchorY, grid.resX, grid.resY, grid.columns, grid.rows]).toEqual([
      -17_226_000, 8_343_000, 27_000, 27_000, 1276, 618,
    ]);
  });
});
