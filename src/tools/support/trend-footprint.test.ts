import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { previewRows } from '../../engine';
import { exampleData, openHarness, type ToolHarness } from '../test-support/tool-harness';
import { TREND_CELL_DEGREES, trendCellFootprint } from './trend-footprint';

const dataDir = exampleData();
let harness: ToolHarness;
beforeAll(async () => {
  if (dataDir) harness = await openHarness(dataDir);
});
afterAll(async () => harness?.close());

describe('trendCellFootprint', () => {
  it('trendCellFootprint(lon, lat) is one cell side tall, centred on its centre, its south edge fewer degrees of longitude wide than its north edge', () => {
    const [swLon, swLat, seLon, , neLon, neLat, nwLon] = trendCellFootprint(-85, 45);
    expect(neLat! - swLat!).toBeCloseTo(TREND_CELL_DEGREES, 12);
    expect((swLat! + neLat!) / 2).toBeCloseTo(45, 12);
    // Equal lengths in km: nearer the equator a degree of longitude is longer, so the south edge spans fewer degrees.
    expect(seLon! - swLon!).toBeLessThan(neLon! - nwLon!);
    expect((swLon! + seLon!) / 2).toBeCloseTo(
      -85 * (Math.cos((45 * Math.PI) / 180) / Math.cos((swLat! * Math.PI) / 180)),
      9,
    );
  });
});

describe.skipIf(!dataDir)('trend footprints on the real trends grid', () => {
  it('neighbouring trend cells share their edges: the footprints tile the grid without gaps or overlaps', async () => {
    const result = await harness.engine.query(
      "SELECT srd_id, lon, lat FROM trends WHERE species_code = 'yebsap' ORDER BY lat DESC, lon",
      { scope: ['trends'] },
    );
    const cells = previewRows(result.table, result.table.numRows) as {
      srd_id: number;
      lon: number;
      lat: number;
    }[];
    let shared = 0;
    for (const [index, west] of cells.entries()) {
      const east = cells[index + 1];
      // srd_id increases west → east within a row (FORMAT.md §4): consecutive ids are neighbours.
      if (!east || east.lat !== west.lat || east.srd_id !== west.srd_id + 1) continue;
      const [, , seLon, , neLon] = trendCellFootprint(west.lon, west.lat);
      const [swLon, , , , , , nwLon] = trendCellFootprint(east.lon, east.lat);
      expect(swLon!, `${west.srd_id}|${east.srd_id} south`).toBeCloseTo(seLon!, 6);
      expect(nwLon!, `${west.srd_id}|${east.srd_id} north`).toBeCloseTo(neLon!, 6);
      shared++;
    }
    expect(shared).toBeGreaterThan(50);
    const latitudes = [...new Set(cells.map((cell) => cell.lat))].sort((a, b) => a - b);
    // Rows lie whole cell sides apart (a row without trend cells leaves a gap of two).
    for (let index = 1; index < latitudes.length; index++) {
      const rowsApart = (latitudes[index]! - latitudes[index - 1]!) / TREND_CELL_DEGREES;
      expect(rowsApart).toBeCloseTo(Math.round(rowsApart), 4);
    }
  });
});
