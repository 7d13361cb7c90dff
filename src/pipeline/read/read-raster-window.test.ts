import { mkdtempSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PipelineError } from '../pipeline-error';
import { tinyGeoTiffBytes, writeTinyGeoTiff } from '../test-support/tiny-geotiff';
import type { ReadCounter } from './file-handle-source';
import { readRasterWindow } from './read-raster-window';

const folder = () => mkdtempSync(join(tmpdir(), 'perch-raster-'));
const value = (pixel: number, band: number) => (pixel === 4 && band === 1 ? NaN : pixel + band / 100);

/** Where the last tile ends, from the IFD's TileOffsets (324) and TileByteCounts (325), read here. */
function endOfTiles(bytes: Buffer, ifdOffset: number): number {
  const entries = bytes.readUInt16LE(ifdOffset);
  const arrays = new Map<number, number[]>();
  for (let i = 0; i < entries; i++) {
    const at = ifdOffset + 2 + i * 12;
    const tag = bytes.readUInt16LE(at);
    if (tag !== 324 && tag !== 325) continue;
    const count = bytes.readUInt32LE(at + 4);
    const start = count === 1 ? at + 8 : bytes.readUInt32LE(at + 8);
    arrays.set(
      tag,
      Array.from({ length: count }, (_, k) => bytes.readUInt32LE(start + 4 * k)),
    );
  }
  const offsets = arrays.get(324)!;
  const counts = arrays.get(325)!;
  return Math.max(...offsets.map((offset, k) => offset + counts[k]));
}

describe('readRasterWindow', () => {
  it('reads a sinusoidal raster: its grid, its place on the lattice, its values and band names', async () => {
    const file = join(folder(), 'sinu.tif');
    writeTinyGeoTiff(file, {
      grid: 'sinusoidal',
      row0: 185,
      column0: 503,
      rows: 2,
      columns: 3,
      bands: 2,
      value,
      bandNames: ['2022-01-04', '2022-01-11'],
    });
    const raster = await readRasterWindow(file, 2);
    expect(raster.grid.family).toBe('sinusoidal');
    expect(raster.grid.columns).toBe(1502);
    expect(raster.window).toEqual({ row0: 185, column0: 503, rows: 2, columns: 3 });
    expect(raster.bandNames).toEqual(['2022-01-04', '2022-01-11']);
    const expected = Array.from({ length: 12 }, (_, i) => Math.fround(value(Math.floor(i / 2), i % 2)));
    expect(Array.from(raster.values)).toEqual(expected);
    const part = await readRasterWindow(file, 2, { row0: 186, column0: 504, rows: 1, columns: 2 });
    expect(Array.from(part.values)).toEqual(expected.slice(8, 12));
  });

  it('a raster on another grid than the rest of its folder fails with unexpected_grid', async () => {
    const dir = folder();
    const a = join(dir, 'a.tif');
    const b = join(dir, 'b.tif');
    const base = { row0: 100, column0: 375, rows: 2, columns: 3, bands: 1, value };
    writeTinyGeoTiff(a, { ...base, grid: 'eqearth' });
    writeTinyGeoTiff(b, { ...base, grid: 'eqearth', resolutionKm: 9 });
    const first = await readRasterWindow(a, 1);
    await expect(readRasterWindow(b, 1, undefined, { grid: first.grid })).rejects.toThrow(
      /^unexpected_grid: .*b\.tif: is on the grid .* 9000 × 9000 m pixels/,
    );
  });

  it('a file cut anywhere inside its trailing metadata (IFD after the tiles) fails naming the file', async () => {
    const dir = folder();
    const options = {
      grid: 'sinusoidal' as const,
      row0: 185,
      column0: 503,
      rows: 2,
      columns: 3,
      bands: 52,
      value,
    };
    const bytes = tinyGeoTiffBytes({ ...options, bandNames: Array.from({ length: 52 }, (_, i) => `b${i}`) });
    const ifdOffset = bytes.readUInt32LE(4);
    const whole = join(dir, 'whole.tif');
    writeFileSync(whole, bytes);
    await readRasterWindow(whole, 52); // the uncut file reads
    const tilesEnd = endOfTiles(readFileSync(whole), ifdOffset);
    expect(tilesEnd).toBeLessThan(ifdOffset); // the metadata comes after the tiles
    let cuts = 0;
    for (let size = tilesEnd; size < bytes.length; size += 5) {
      const file = join(dir, `cut-${size}.tif`);
      writeFileSync(file, bytes.subarray(0, size));
      const error = await readRasterWindow(file, 52).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error, `cut at ${size} of ${bytes.length}`).toBeInstanceOf(PipelineError);
      expect(['truncated_tiff', 'unreadable_tiff']).toContain((error as PipelineError).code);
      expect((error as PipelineError).file).toBe(file);
      expect((error as Error).message).toContain('Download the file again');
      cuts++;
    }
    expect(cuts).toBeGreaterThan(50);
  });

  it('a file cut after its header but inside its IFD says truncated', async () => {
    const dir = folder();
    const bytes = tinyGeoTiffBytes({
      grid: 'eqearth',
      row0: 100,
      column0: 375,
      rows: 2,
      columns: 3,
      bands: 4,
      value,
    });
    const file = join(dir, 'cut.tif');
    writeFileSync(file, bytes.subarray(0, bytes.length - 20));
    await expect(readRasterWindow(file, 4)).rejects.toThrow(
      /^truncated_tiff: .*cut\.tif: file is truncated: its \d+ bytes end inside the TIFF metadata/,
    );
  });

  it('reading a small window of a large file reads the metadata and one tile, not the file', async () => {
    const file = join(folder(), 'global-9km.tif');
    // The whole-globe 9 km Equal Earth lattice, one band, uncompressed 256 × 256 tiles: 28 MB.
    const columns = 3828,
      rows = 1854;
    writeTinyGeoTiff(file, {
      grid: 'eqearth',
      resolutionKm: 9,
      row0: 0,
      column0: 0,
      rows,
      columns,
      bands: 1,
      value: (pixel) => pixel % 1000,
      compression: 'none',
    });
    const size = statSync(file).size;
    const tileBytes = 256 * 256 * 4;
    expect(size).toBeGreaterThan(columns * rows * 4);
    const counter: ReadCounter = { bytesRead: 0 };
    const window = { row0: 1000, column0: 2000, rows: 3, columns: 4 };
    const raster = await readRasterWindow(file, 1, window, { counter });
    expect(raster.grid.resolutionKm).toBe(9);
    const expected: number[] = [];
    for (let r = 0; r < 3; r++)
      for (let c = 0; c < 4; c++) expected.push(((1000 + r) * columns + 2000 + c) % 1000);
    expect(Array.from(raster.values)).toEqual(expected);
    // Rows 1000–1002 and columns 2000–2003 lie in one tile (row 3, column 7): the tile plus the
    // header, the IFD and its tag arrays (tile offsets and sizes: 120 tiles × 8 bytes).
    expect(counter.bytesRead).toBeGreaterThanOrEqual(tileBytes);
    expect(counter.bytesRead).toBeLessThan(tileBytes + 16_384);
    expect(counter.bytesRead).toBeLessThan(size / 50);
  });
});
