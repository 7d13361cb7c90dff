/**
 * `basemap.json`, the map's backdrop that `npm run data` writes beside catalog.json: Natural
 * Earth land, lakes, coastlines and borders, and GeoNames town labels. Written by the pipeline
 * (src/pipeline/basemap/), parsed once by the agent worker (src/worker/build-basemap.ts).
 *
 * Coordinates are integers, degrees × `scale`; each ring or line lists its first vertex whole
 * and every later one as the difference from the one before (small integers: the file is about
 * half the size of plain decimal degrees).
 */
import { z } from 'zod';

export const BASEMAP_FILE = 'basemap.json';

const int = z.number().int();

/** Polygons: how many rings each has (outer first, then holes), how many vertices each ring has, and the vertices. */
const polygonSetSchema = z.strictObject({
  polygons: z.array(int.min(1)),
  rings: z.array(int.min(4)),
  xy: z.array(int),
});

/** Lines: how many vertices each has, and the vertices. */
const lineSetSchema = z.strictObject({
  paths: z.array(int.min(2)),
  xy: z.array(int),
});

export const basemapFileSchema = z.strictObject({
  version: z.literal(1),
  /** Packages the shapes and names come from, for the attribution. */
  sources: z.array(z.string()),
  scale: z.number().positive(),
  /** The detailed (1:50m) part: the build's cells and a margin, [west, south, east, north] in degrees; 1:110m elsewhere. */
  extent: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  /** The cells' own box [west, south, east, north]: where the page opens. */
  cells: z.tuple([z.number(), z.number(), z.number(), z.number()]),
  land: polygonSetSchema,
  lakes: polygonSetSchema,
  coastlines: lineSetSchema,
  countryBorders: lineSetSchema,
  stateBorders: lineSetSchema,
  /** Town labels, most important first (the order the page places them in); positions × `scale`, not delta-coded. */
  towns: z.strictObject({
    name: z.array(z.string()),
    lon: z.array(int),
    lat: z.array(int),
    /** 1 shows from the widest view, 5 only close in (src/pipeline/basemap/town-labels.ts). */
    rank: z.array(int.min(1).max(5)),
  }),
});

export type BasemapFile = z.infer<typeof basemapFileSchema>;
export type PolygonSetFile = BasemapFile['land'];
export type LineSetFile = BasemapFile['coastlines'];
