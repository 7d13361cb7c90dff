import { createRequire } from 'node:module';
import { feature } from 'topojson-client';
import type { Topology, GeometryCollection } from 'topojson-specification';
import type { Geometry } from 'geojson';
import { RegionIndex } from '../geo/region-index';
import type { PolygonCoordinates } from '../geo/planar-area';
import ISO_NUMERIC_TO_ALPHA3 from './iso-numeric-to-alpha3.json';
import US_STATE_FIPS_TO_POSTAL from './us-state-fips-to-postal.json';

const require = createRequire(import.meta.url);

export interface Region {
  region_code: string;
  name: string;
  type: 'country' | 'state';
  parent_code: string | null;
  polygons: PolygonCoordinates[];
}

export interface Boundaries {
  regions: Region[];
  countries: RegionIndex;
  states: RegionIndex;
  /** Package names and versions, for the catalog's attribution. */
  sources: string[];
}

/**
 * world-atlas features without an ISO numeric id, by name. eBird keys Kosovo as XK; we extend it
 * to three letters like every other country. The rest belong to a country under ISO 3166.
 */
const UNNUMBERED_COUNTRIES: Record<string, string> = {
  Kosovo: 'XKX',
  Somaliland: 'SOM',
  'N. Cyprus': 'CYP',
  'Indian Ocean Ter.': 'AUS',
};

function polygonsOf(geometry: Geometry | null): PolygonCoordinates[] {
  if (!geometry) return [];
  if (geometry.type === 'Polygon') return [geometry.coordinates];
  if (geometry.type === 'MultiPolygon') return geometry.coordinates;
  return [];
}

function loadTopology(path: string): Topology {
  return require(path) as Topology;
}

function featuresOf(topology: Topology, object: string) {
  return feature(topology, topology.objects[object] as GeometryCollection<{ name: string }>).features;
}

/** Merges features that share a code (Australia and the Ashmore Is. both carry 036). */
function addRegion(byCode: Map<string, Region>, region: Region): void {
  const existing = byCode.get(region.region_code);
  if (existing) existing.polygons.push(...region.polygons);
  else byCode.set(region.region_code, region);
}

export function loadBoundaries(): Boundaries {
  const countries = new Map<string, Region>();
  for (const country of featuresOf(loadTopology('world-atlas/countries-50m.json'), 'countries')) {
    const name = country.properties?.name ?? '';
    const id = country.id === undefined ? undefined : String(country.id);
    const code = id ? (ISO_NUMERIC_TO_ALPHA3 as Record<string, string>)[id] : UNNUMBERED_COUNTRIES[name];
    if (!code) continue; // Siachen Glacier: disputed, no ISO code.
    addRegion(countries, {
      region_code: code,
      name,
      type: 'country',
      parent_code: null,
      polygons: polygonsOf(country.geometry),
    });
  }
  const states = new Map<string, Region>();
  for (const state of featuresOf(loadTopology('us-atlas/states-10m.json'), 'states')) {
    // Territories (PR, GU, VI, …) are countries in world-atlas and in eBird, so they are skipped here.
    const postal = (US_STATE_FIPS_TO_POSTAL as Record<string, string>)[String(state.id)];
    if (!postal) continue;
    addRegion(states, {
      region_code: `USA-${postal}`,
      name: state.properties?.name ?? postal,
      type: 'state',
      parent_code: 'USA',
      polygons: polygonsOf(state.geometry),
    });
  }
  const versions = ['world-atlas', 'us-atlas'].map(
    (name) => `${name}@${(require(`${name}/package.json`) as { version: string }).version}`,
  );
  return {
    regions: [...countries.values(), ...states.values()],
    countries: new RegionIndex(
      [...countries.values()].map((r) => ({ code: r.region_code, polygons: r.polygons })),
    ),
    states: new RegionIndex([...states.values()].map((r) => ({ code: r.region_code, polygons: r.polygons }))),
    sources: versions,
  };
}

export interface County {
  /** 5-digit US Census FIPS code: state (2 digits) then county (3), e.g. 26103 = Marquette County, MI. */
  fips: string;
  name: string;
  polygons: PolygonCoordinates[];
}

/**
 * The counties of one state (2-digit FIPS, e.g. 26 = Michigan) from us-atlas counties-10m: the
 * same Census cartographic boundaries as the states, so a point in a state's polygon is in one of
 * its counties. Only that state's geometries are converted (Michigan: 83 of 3,231).
 */
export function loadCounties(stateFips: string): County[] {
  const topology = loadTopology('us-atlas/counties-10m.json');
  const all = topology.objects.counties as GeometryCollection<{ name: string }>;
  const mine: GeometryCollection<{ name: string }> = {
    ...all,
    geometries: all.geometries.filter((geometry) => String(geometry.id).startsWith(stateFips)),
  };
  return feature(topology, mine).features.map((county) => ({
    fips: String(county.id),
    name: county.properties?.name ?? String(county.id),
    polygons: polygonsOf(county.geometry),
  }));
}
