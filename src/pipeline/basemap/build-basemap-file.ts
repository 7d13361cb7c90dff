import type { BasemapFile } from '../../catalog/basemap-file';
import type { Town } from '../gazetteer/load-towns';
import { clipShapes } from './clip-shapes';
import { encodeBasemapFile } from './encode-basemap-file';
import { boxAround, frameAround } from './lon-lat-box';
import type { MapShapes, NaturalEarthScale } from './natural-earth-shapes';
import type { Point } from './simplify-path';
import { selectTownLabels } from './town-labels';

export interface BasemapOptions {
  /** Degrees added around the cells' box for the 1:50m part. */
  detailMarginDegrees: number;
  /** Degrees around the cells' box within which small towns (ranks 4–5) are labelled. */
  nearMarginDegrees: number;
  /** Douglas–Peucker tolerance of the 1:50m part, in degrees. */
  detailTolerance: number;
  /** Douglas–Peucker tolerance of the 1:110m world around it, in degrees. */
  worldTolerance: number;
}

/**
 * 6° covers what the page shows around Michigan when fitted to it (at 1400×900 the view spans
 * ~19° of longitude around the data's 8°, at 390×844 ~11° of latitude around its 7°); beyond
 * it, panning or zooming out, the coarse world takes over. 0.01° is about a pixel at zoom 6
 * (the Michigan fit) and keeps the 1:50m shape; 0.1° at the 1:110m world is a pixel at zoom 3.
 * Measured on the Michigan example: basemap.json is given in the build report (BuildReport.basemap).
 */
export const BASEMAP_DEFAULTS: BasemapOptions = {
  detailMarginDegrees: 6,
  nearMarginDegrees: 1,
  detailTolerance: 0.01,
  worldTolerance: 0.1,
};

/**
 * The basemap of a build whose cells are at `cells`: Natural Earth 1:50m within the cells' box
 * plus a margin, 1:110m for the rest of the world (cut to the four pieces around that box, so the
 * two never overlap), and town labels. Null for a build without cells.
 */
export function buildBasemapFile(
  cells: readonly Point[],
  world: Record<NaturalEarthScale, MapShapes>,
  towns: readonly Town[],
  sources: string[],
  options: BasemapOptions = BASEMAP_DEFAULTS,
): BasemapFile | null {
  const cellBox = boxAround(cells, 0);
  const detail = boxAround(cells, options.detailMarginDegrees);
  const near = boxAround(cells, options.nearMarginDegrees);
  if (!cellBox || !detail || !near) return null;
  const fine = clipShapes(world['50m'], [detail], options.detailTolerance);
  const coarse = clipShapes(world['110m'], frameAround(detail), options.worldTolerance);
  return encodeBasemapFile({
    sources,
    extent: detail,
    cells: cellBox,
    shapes: {
      land: [...fine.land, ...coarse.land],
      lakes: [...fine.lakes, ...coarse.lakes],
      // The world's coasts read from the land fill alone; as lines they were 4,400 vertices, more than its land (measured at 0.1°).
      coastlines: fine.coastlines,
      countryBorders: [...fine.countryBorders, ...coarse.countryBorders],
      stateBorders: [...fine.stateBorders, ...coarse.stateBorders],
    },
    towns: selectTownLabels(towns, detail, near),
  });
}
