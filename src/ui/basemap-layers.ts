import type { Layer } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer, SolidPolygonLayer, TextLayer } from '@deck.gl/layers';
import type { BasemapPayload, LineSet, PolygonSet } from '../payloads';
import { LABEL_OFFSET_PIXELS, RANK_FONT_PIXELS, placeTownLabels, zoomStep } from './town-label-placement';

type Rgba = [number, number, number, number];

/**
 * Water: a pale blue grey (HSV saturation 0.15), distinct from the beige land yet never read as
 * a value of the answer layers' ramps (tests count pixels above saturation 0.35 as the layer).
 */
export const WATER: Rgba = [198, 219, 233, 255];
export const LAND: Rgba = [241, 238, 229, 255];
const COAST: Rgba = [120, 150, 170, 255];
const COUNTRY_BORDER: Rgba = [105, 98, 88, 230];
const STATE_BORDER: Rgba = [140, 134, 120, 200];
const TOWN_TEXT: Rgba = [38, 38, 38, 255];
const TOWN_HALO: Rgba = [255, 255, 255, 235];
const FONT_FAMILY = '"Helvetica Neue", Helvetica, Arial, sans-serif';
/** The whole Web Mercator world: water wherever no land is drawn, inside the canvas (so an exported map keeps it). */
const WORLD: number[] = [-180, -85.05, 180, -85.05, 180, 85.05, -180, 85.05, -180, -85.05];

export interface BasemapLayers {
  /** Water, land and lakes: drawn under the answer layers. */
  under: Layer[];
  /** Coastlines, borders and the town labels placed for `zoom`: drawn over the answer layers, so lines and names stay readable. */
  over(zoom: number): Layer[];
}

/** The deck.gl layers of a basemap; town labels are placed once per quarter zoom step and kept. */
export function createBasemapLayers(basemap: BasemapPayload): BasemapLayers {
  const under: Layer[] = [
    new SolidPolygonLayer({
      id: 'basemap-water',
      data: [WORLD],
      getPolygon: (ring: number[]) => ring,
      positionFormat: 'XY',
      getFillColor: WATER,
    }),
    polygonLayer('basemap-land', basemap.land, LAND),
    polygonLayer('basemap-lakes', basemap.lakes, WATER),
  ];
  const lines: Layer[] = [
    lineLayer('basemap-coastlines', basemap.coastlines, COAST, 0.7),
    lineLayer('basemap-state-borders', basemap.stateBorders, STATE_BORDER, 0.8),
    lineLayer('basemap-country-borders', basemap.countryBorders, COUNTRY_BORDER, 1.3),
  ];
  const labels = new Map<number, Layer[]>();
  return {
    under,
    over(zoom) {
      const step = zoomStep(zoom);
      let placed = labels.get(step);
      if (!placed) {
        placed = townLayers(basemap, placeTownLabels(basemap.towns, step));
        labels.set(step, placed);
      }
      return [...lines, ...placed];
    },
  };
}

/** deck.gl's flat polygon form: each polygon's vertices and where its holes start (in numbers, not vertices). */
function flatPolygons(set: PolygonSet): { positions: Float32Array; holeIndices: number[] }[] {
  const polygons = [];
  for (let polygon = 0; polygon + 1 < set.polygonStarts.length; polygon++) {
    const firstRing = set.polygonStarts[polygon]!;
    const endRing = set.polygonStarts[polygon + 1]!;
    const start = set.ringStarts[firstRing]!;
    const holeIndices = [];
    for (let ring = firstRing + 1; ring < endRing; ring++)
      holeIndices.push((set.ringStarts[ring]! - start) * 2);
    polygons.push({
      positions: set.coordinates.subarray(start * 2, set.ringStarts[endRing]! * 2),
      holeIndices,
    });
  }
  return polygons;
}

function polygonLayer(id: string, set: PolygonSet, color: Rgba): Layer {
  return new SolidPolygonLayer({
    id,
    data: flatPolygons(set),
    getPolygon: (polygon: { positions: Float32Array; holeIndices: number[] }) => polygon,
    positionFormat: 'XY',
    getFillColor: color,
    pickable: false,
  });
}

function lineLayer(id: string, set: LineSet, color: Rgba, width: number): Layer {
  return new PathLayer({
    id,
    data: {
      length: set.pathStarts.length - 1,
      startIndices: set.pathStarts,
      attributes: { getPath: { value: set.coordinates, size: 2 } },
    },
    positionFormat: 'XY',
    _pathType: 'open',
    getColor: color,
    getWidth: width,
    widthUnits: 'pixels',
    jointRounded: true,
    pickable: false,
  });
}

/** A dot at each placed town and its name to the right, dark on a white halo. */
function townLayers(basemap: BasemapPayload, placed: number[]): Layer[] {
  const { names, positions, ranks } = basemap.towns;
  const position = (index: number): [number, number] => [positions[index * 2]!, positions[index * 2 + 1]!];
  return [
    new ScatterplotLayer({
      id: 'basemap-town-dots',
      data: placed,
      getPosition: position,
      getRadius: 2.2,
      radiusUnits: 'pixels',
      getFillColor: TOWN_TEXT,
      stroked: true,
      getLineColor: TOWN_HALO,
      lineWidthUnits: 'pixels',
      getLineWidth: 1,
      pickable: false,
    }),
    new TextLayer({
      id: 'basemap-town-names',
      data: placed,
      getPosition: position,
      getText: (index: number) => names[index]!,
      getSize: (index: number) => RANK_FONT_PIXELS[ranks[index]!]!,
      getColor: TOWN_TEXT,
      getTextAnchor: 'start',
      getAlignmentBaseline: 'center',
      getPixelOffset: [LABEL_OFFSET_PIXELS, 0],
      fontFamily: FONT_FAMILY,
      // Names beyond ASCII (Trois-Rivières, Montréal) need their glyphs in the atlas.
      characterSet: 'auto',
      // A signed-distance atlas draws the halo: ~2 px of white around each glyph at these sizes.
      fontSettings: { sdf: true, fontSize: 48, buffer: 10, radius: 12 },
      outlineWidth: 7,
      outlineColor: TOWN_HALO,
      pickable: false,
    }),
  ];
}
