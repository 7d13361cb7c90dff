import {
  Deck,
  MapView as DeckMapView,
  WebMercatorViewport,
  type DeckProps,
  type Layer,
  type PickingInfo,
} from '@deck.gl/core';
import { PathLayer, ScatterplotLayer, SolidPolygonLayer } from '@deck.gl/layers';
import { DataFilterExtension } from '@deck.gl/extensions';
import type { BasemapPayload, MapLayerPayload } from '../payloads';
import { createBasemapLayers, type BasemapLayers } from './basemap-layers';
import { createScaleBar } from './scale-bar';
import { zoomStep } from './town-label-placement';
import {
  fillColors,
  formatValue,
  OUTLINE_FILL_ALPHA,
  parseHex,
  repeatPerVertex,
  type ColorScale,
} from './color-scale';
import {
  buildQuads,
  markedOutlines,
  perVertex,
  QUAD_CORNERS,
  quadBlock,
  type QuadData,
  type Quads,
} from './footprint-quads';
import { createMapCrosshair } from './map-crosshair';
import { bindMapKeys, type MapPoint } from './map-keys';
import { featureInfo, filterValues, layerBounds, timeBlock, type Bounds } from './layer-data';
import { hasValueScale, measureTitle, scaleChanges } from './measure-scales';

/** A layer as the map holds it: the payload plus what the person set in the layer list. */
export interface MapLayerState {
  payload: MapLayerPayload;
  visible: boolean;
  opacity: number;
  /** One RGBA per feature on `scale`, the shared scale of the layer's measure (see `rescale`). */
  colors: Uint8Array;
  scale?: ColorScale;
  filter?: Float32Array;
  bounds?: Bounds;
  /** Data and accessors handed to deck.gl, built once (see `staticProps`). */
  deckProps: Record<string, unknown>;
  /** For a time-sorted point layer: its GPU buffers and each week's block as deck.gl data (see `weekData`). */
  weeks?: WeekBlocks;
  /** For a layer with cell footprints: its quads, drawn instead of discs (footprint-quads.ts). */
  quads?: FootprintQuads;
}

interface FootprintQuads {
  geometry: Quads;
  /** `colors` repeated for each corner: SolidPolygonLayer colours binary polygons per vertex. */
  colors: Uint8Array;
  filter?: Float32Array;
  /** Outlines of the uncertain features (a static layer's overlay). */
  uncertain?: ReturnType<typeof markedOutlines>;
  /** A time-sorted layer's week → its block, as views into the arrays above. */
  weeks: Map<number, QuadData>;
}

/** luma.gl's device and buffer, as deck.gl hands them over (no direct luma.gl import). */
type Device = Parameters<NonNullable<DeckProps['onDeviceInitialized']>>[0];
type GpuBuffer = ReturnType<Device['createBuffer']>;
/** luma.gl `Buffer.VERTEX`: a vertex attribute buffer. */
const VERTEX_USAGE = 0x0020;

interface WeekBlocks {
  positions: Float32Array;
  /** Uploaded once, when the device exists; every week reads them from its own offset. */
  gpu?: { positions: GpuBuffer; colors: GpuBuffer };
  data: Map<number, WeekData>;
}

type BlockAttribute = { size: number; offset: number } & (
  | { buffer: GpuBuffer; type: 'float32' | 'unorm8'; stride: number }
  | { value: Float32Array | Uint8Array; normalized?: boolean }
);

/** One week's slice of a time-sorted point layer, as deck.gl binary data. */
interface WeekData {
  length: number;
  attributes: { getPosition: BlockAttribute; getFillColor: BlockAttribute };
}

export interface MapView {
  element: HTMLElement;
  setBasemap(payload: BasemapPayload): void;
  addLayer(payload: MapLayerPayload): void;
  updateLayer(id: string, change: Partial<Pick<MapLayerState, 'visible' | 'opacity'>>): void;
  removeLayer(id: string): void;
  zoomTo(id?: string): void;
  setTime(time: number | undefined): void;
  /** Resolves after the next frame deck.gl drew (tests wait on it before a screenshot). */
  rendered(): Promise<void>;
  /** Calls `listener` with the place clicked, or under the crosshair when Enter or Space is pressed on the focused map. */
  onActivate(listener: (point: MapPoint) => void): void;
  /** A copy of the map as drawn, taken right after deck.gl draws a frame (export-map.ts composes it). */
  snapshot(): Promise<HTMLCanvasElement>;
}

const INITIAL_VIEW = { longitude: -95, latitude: 40, zoom: 2.6, pitch: 0, bearing: 0 };
/**
 * Name of the performance measure spanning a layer's first upload: from handing it to deck.gl to
 * the end of the first frame that drew it (attribute building, polygon tessellation, GPU upload).
 * That frame is the one main-thread cost the page cannot split, so tests and people profiling
 * the page can tell it apart from everything else (`performance.getEntriesByName(...)`).
 */
export const LAYER_UPLOAD_MEASURE = 'perch:layer-upload';
/** One GPU filter dimension (week), shared by every animated layer. */
const WEEK_FILTER = new DataFilterExtension({ filterSize: 1 });

/** Pixels at each edge of the map that overlays cover (layer list, time slider): fit-to-data keeps the data clear of them. */
export interface MapInsets {
  top: number;
  right: number;
  bottom: number;
  left: number;
}

/** The deck.gl map, built into `element` (deferred-views.ts places it before deck.gl has loaded). */
export function createMapView(
  insets: () => MapInsets = () => ({ top: 0, right: 0, bottom: 0, left: 0 }),
  element: HTMLElement = el('div', 'map-view'),
): MapView {
  const canvasHost = el('div', 'map-canvas');
  const scaleBar = createScaleBar();
  element.append(canvasHost, createMapCrosshair(), scaleBar.element);
  const activations: ((point: MapPoint) => void)[] = [];
  const activate = (point: MapPoint) => {
    for (const listener of activations) listener(point);
  };
  const layers = new Map<string, MapLayerState>();
  let basemap: BasemapLayers = { under: [], over: () => [] };
  /** The zoom the town labels were last placed for (basemap-layers.ts). */
  let labelZoom = INITIAL_VIEW.zoom;
  let time: number | undefined;
  let afterRender: (() => void)[] = [];
  let uploads: { id: string; start: number }[] = [];
  let device: Device | undefined;
  const deck = new Deck({
    parent: canvasHost,
    views: new DeckMapView({ repeat: false }),
    initialViewState: INITIAL_VIEW,
    controller: { keyboard: true, doubleClickZoom: true },
    layers: [],
    getTooltip: tooltipFor(layers, () => time),
    // The place under the pointer, picked feature or not: the answer names the cell that holds it.
    onClick: ({ coordinate }) => {
      if (coordinate) activate({ lon: coordinate[0]!, lat: coordinate[1]! });
    },
    onDeviceInitialized: (created) => {
      device = created;
      // Week-block layers added before the device existed switch to their GPU buffers.
      if ([...layers.values()].some((state) => state.weeks)) redraw();
    },
    onLoad: () => {
      const canvas = deck.getCanvas();
      canvas?.setAttribute('role', 'application');
      canvas?.setAttribute('aria-roledescription', 'map');
      canvas?.setAttribute(
        'aria-label',
        'Map. Arrow keys pan, plus and minus zoom, Enter shows the weekly values at the cross in the middle; hover or click a cell for its value.',
      );
      if (canvas) bindMapKeys(canvas, { centre: viewCentre, zoomBy }, activate);
    },
    onAfterRender: () => {
      // Frames drawn so far, readable from outside (tests wait for the next frame after a change).
      element.dataset.frames = String(Number(element.dataset.frames ?? 0) + 1);
      // The view drawn (centre lon, lat, zoom), readable from outside: keyboard tests check it moves.
      const view = deck.getViewports()[0] as WebMercatorViewport | undefined;
      if (view) element.dataset.view = `${view.longitude} ${view.latitude} ${view.zoom}`;
      if (view) scaleBar.update(view);
      // Town labels are placed per zoom step: a new step places them again.
      if (view && zoomStep(view.zoom) !== zoomStep(labelZoom)) {
        labelZoom = view.zoom;
        redraw();
      }
      for (const upload of uploads)
        performance.measure(LAYER_UPLOAD_MEASURE, {
          start: upload.start,
          end: performance.now(),
          detail: { layer: upload.id },
        });
      uploads = [];
      const waiting = afterRender;
      afterRender = [];
      for (const resolve of waiting) resolve();
    },
  });

  const viewCentre = (): MapPoint | undefined => {
    const view = deck.getViewports()[0];
    if (!view) return undefined;
    const [lon, lat] = view.unproject([view.width / 2, view.height / 2]);
    return { lon: lon!, lat: lat! };
  };
  const zoomBy = (delta: number) => {
    const view = deck.getViewports()[0] as WebMercatorViewport | undefined;
    if (view)
      deck.setProps({
        initialViewState: {
          ...INITIAL_VIEW,
          longitude: view.longitude,
          latitude: view.latitude,
          zoom: view.zoom + delta,
        },
      });
  };

  const redraw = () => {
    // The answer layers on the map, readable from outside (one answer, one map state: tests check it).
    element.dataset.layers = [...layers.keys()].join(' ');
    deck.setProps({
      layers: [
        ...basemap.under,
        ...[...layers.values()].flatMap((state) => toDeckLayer(state, time, device)),
        ...basemap.over(labelZoom),
      ],
    });
  };
  const fitView = (bounds: Bounds | undefined) => {
    if (!bounds) return;
    const { clientWidth: width, clientHeight: height } = canvasHost;
    if (!width || !height) return;
    const padded: Bounds = [
      [bounds[0][0] - 0.5, bounds[0][1] - 0.5],
      [bounds[1][0] + 0.5, bounds[1][1] + 0.5],
    ];
    const margin = Math.min(32, width / 8, height / 8);
    const covered = insets();
    // An overlay may cover at most half the map in each direction, or nothing would be left to fit into.
    const padding = {
      top: margin + Math.min(covered.top, height / 4),
      bottom: margin + Math.min(covered.bottom, height / 4),
      left: margin + Math.min(covered.left, width / 4),
      right: margin + Math.min(covered.right, width / 4),
    };
    const view = new WebMercatorViewport({ width, height }).fitBounds(padded, { padding });
    deck.setProps({
      initialViewState: {
        longitude: view.longitude,
        latitude: view.latitude,
        zoom: Math.min(view.zoom, 9),
        pitch: 0,
        bearing: 0,
      } as typeof INITIAL_VIEW,
    });
  };

  return {
    element,
    setBasemap(payload) {
      const start = performance.now();
      basemap = createBasemapLayers(payload);
      uploads.push({ id: 'basemap', start });
      redraw();
      // Before any answer the map opens on the build's cells, not on the whole continent.
      if (layers.size === 0 && payload.cells) fitView(payload.cells);
    },
    addLayer(payload) {
      const start = performance.now();
      const state = createLayerState(payload);
      layers.set(payload.id, state);
      rescale(layers);
      uploads.push({ id: payload.id, start });
      redraw();
      fitView(state.bounds);
    },
    updateLayer(id, change) {
      const state = layers.get(id);
      if (!state) return;
      Object.assign(state, change);
      // Showing or hiding a layer can widen or narrow its measure's shared scale.
      if (change.visible !== undefined) rescale(layers);
      redraw();
    },
    removeLayer(id) {
      const gpu = layers.get(id)?.weeks?.gpu;
      layers.delete(id);
      rescale(layers);
      redraw();
      // Freed once a frame without the layer is drawn (deck.gl does not own external buffers).
      if (gpu)
        afterRender.push(() => {
          gpu.positions.destroy();
          gpu.colors.destroy();
        });
    },
    zoomTo(id) {
      if (id) return fitView(layers.get(id)?.bounds);
      const all = [...layers.values()]
        .map((state) => state.bounds)
        .filter((bounds): bounds is Bounds => Boolean(bounds));
      if (all.length)
        fitView([
          [Math.min(...all.map((b) => b[0][0])), Math.min(...all.map((b) => b[0][1]))],
          [Math.max(...all.map((b) => b[1][0])), Math.max(...all.map((b) => b[1][1]))],
        ]);
    },
    setTime(next) {
      time = next;
      redraw();
    },
    onActivate(listener) {
      activations.push(listener);
    },
    rendered: () =>
      new Promise<void>((resolve) => {
        afterRender.push(resolve);
        deck.redraw('test');
      }),
    snapshot: () =>
      new Promise<HTMLCanvasElement>((resolve) => {
        // Copied inside onAfterRender, before the browser composites the frame: the drawing buffer
        // is whole there whether or not the context preserves it.
        afterRender.push(() => resolve(copyCanvas(deck.getCanvas())));
        deck.redraw('snapshot');
      }),
  };
}

function createLayerState(payload: MapLayerPayload): MapLayerState {
  const footprints =
    payload.footprints?.length === payload.featureCount * QUAD_CORNERS * 2 ? payload.footprints : undefined;
  const filter = payload.times && !drawsWeekBlocks(payload) ? filterValues(payload.times) : undefined;
  const state: MapLayerState = {
    payload,
    visible: true,
    opacity: 0.9,
    colors: new Uint8Array(0),
    bounds: layerBounds(footprints ?? payload.coordinates),
    deckProps: {},
    ...(filter ? { filter } : {}),
  };
  if (footprints) {
    const geometry = buildQuads(footprints);
    state.quads = {
      geometry,
      colors: new Uint8Array(0),
      weeks: new Map(),
      ...(filter ? { filter: perVertex(filter) } : {}),
      ...(payload.uncertain?.includes(1) && !payload.timeStarts
        ? { uncertain: markedOutlines(geometry, payload.uncertain) }
        : {}),
    };
  } else if (drawsWeekBlocks(payload)) {
    state.weeks = { positions: positions32(payload.coordinates), data: new Map() };
  }
  if (!hasValueScale(payload)) paint(state, outlineFill(payload));
  return state;
}

/** An outline layer's light fill in its own colour (the season's, for a range). */
function outlineFill(payload: MapLayerPayload): Uint8Array {
  const colors = new Uint8Array(payload.featureCount * 4);
  const rgba = [...parseHex(payload.color), OUTLINE_FILL_ALPHA];
  for (let index = 0; index < payload.featureCount; index++) colors.set(rgba, index * 4);
  return colors;
}

/**
 * Every visible layer of a measure on one scale (the union of their domains): a layer whose
 * measure's scale changed is recoloured, week-block GPU colour buffers included. Hidden layers
 * keep their colours until they show again.
 */
function rescale(layers: Map<string, MapLayerState>): void {
  for (const [state, scale] of scaleChanges(layers.values())) {
    state.scale = scale;
    paint(state, fillColors(state.payload.values, scale, state.payload.uncertain));
  }
}

/** Sets a layer's colours and rebuilds what deck.gl reads them from. */
function paint(state: MapLayerState, colors: Uint8Array): void {
  state.colors = colors;
  if (state.quads) {
    state.quads.colors = repeatPerVertex(colors, QUAD_CORNERS);
    state.quads.weeks.clear();
  }
  if (state.weeks) {
    // The GPU buffer is written in place; each week's descriptor keeps pointing into it.
    state.weeks.gpu?.colors.write(colors);
    state.weeks.data.clear();
  }
  state.deckProps = staticProps(state);
}

/**
 * Binary attributes: positions and colours go to the GPU as typed arrays, and animated layers
 * without `timeStarts` (polygons, unsorted payloads) carry every week at once, so the time slider
 * only moves the GPU filter range (no re-query, no re-upload per frame). The data object and accessors are built once per layer and reused:
 * deck.gl compares props by identity, and a new accessor function on each redraw made it
 * recompute the attributes of all 46k harness points on every slider step (~2.5 s per step).
 */
function staticProps(state: Omit<MapLayerState, 'deckProps'>): Record<string, unknown> {
  const { payload, colors, filter, quads } = state;
  const animated = filter !== undefined;
  // Week-block layers get their data per week (`weekData`, `quadWeek`).
  if (drawsWeekBlocks(payload)) return {};
  if (quads)
    return {
      data: quadBlock(quads.geometry, quads.colors, 0, payload.featureCount, quads.filter),
      ...(animated ? { extensions: [WEEK_FILTER] } : {}),
    };
  if (payload.geometry === 'point') {
    return {
      data: {
        length: payload.featureCount,
        attributes: {
          // Float32 positions: in headless Chromium (SwiftShader) Float64 positions, which deck.gl
          // splits into fp64 high/low parts, made a 46k-point frame 1.6 s instead of 0.6 s. Float32
          // degrees are exact to ~1 m, far below the 27 km cell size.
          getPosition: { value: positions32(payload.coordinates), size: 2 },
          getFillColor: { value: colors, size: 4, normalized: true },
          ...(animated ? { getFilterValue: { value: filter, size: 1 } } : {}),
        },
      },
      ...(animated ? { extensions: [WEEK_FILTER] } : {}),
    };
  }
  return {
    data: {
      length: payload.featureCount,
      startIndices: payload.polygonStarts,
      attributes: { getPolygon: { value: payload.coordinates, size: 2 } },
    },
    getFillColor: (_: unknown, { index }: { index: number }) => [
      colors[index * 4],
      colors[index * 4 + 1],
      colors[index * 4 + 2],
      colors[index * 4 + 3],
    ],
    ...(animated
      ? {
          extensions: [WEEK_FILTER],
          getFilterValue: (_: unknown, { index }: { index: number }) => filter[index],
        }
      : {}),
  };
}

/**
 * Time-sorted point layers draw one week's contiguous block: the same typed arrays every week,
 * read from a byte `offset`, with `length` = the week's count. Drawing all 52 weeks and hiding
 * 51 in the shader cost ~10–15 s per slider step at 1M features in headless Chromium.
 * Polygon layers (regions: few features) keep the GPU filter.
 */
function drawsWeekBlocks(payload: MapLayerPayload): boolean {
  return payload.geometry === 'point' && payload.timeStarts !== undefined;
}

/**
 * deck.gl 9.4 (Attribute.setExternalBuffer) skips an attribute whose descriptor object is the one
 * it saw last; any other descriptor holding a typed array `value` is written whole into the GPU
 * buffer again (DataColumn.setData), offset or not: at 1M features that was 12 MB per slider step
 * (median step 843 ms). A descriptor holding a luma.gl `buffer` is bound as is, at its `offset`,
 * with no write; so the arrays are uploaded once into buffers of our own and each week only
 * points into them. Until the device exists, the week falls back to typed-array descriptors.
 */
function weekData(state: MapLayerState, time: number | undefined, device: Device | undefined): WeekData {
  const weeks = state.weeks!;
  if (device && !weeks.gpu) {
    weeks.gpu = {
      positions: device.createBuffer({ data: weeks.positions, usage: VERTEX_USAGE }),
      colors: device.createBuffer({ data: state.colors, usage: VERTEX_USAGE }),
    };
    weeks.data.clear();
  }
  const key = time ?? 0;
  let data = weeks.data.get(key);
  if (!data) {
    const [start, count] = timeBlock(state.payload.timeStarts!, time);
    const { gpu } = weeks;
    // Positions are 2 float32 (8 bytes) per feature, colours 4 bytes.
    data = {
      length: count,
      attributes: gpu
        ? {
            getPosition: { buffer: gpu.positions, type: 'float32', size: 2, stride: 8, offset: start * 8 },
            getFillColor: { buffer: gpu.colors, type: 'unorm8', size: 4, stride: 4, offset: start * 4 },
          }
        : {
            getPosition: { value: weeks.positions, size: 2, offset: start * 8 },
            getFillColor: { value: state.colors, size: 4, normalized: true, offset: start * 4 },
          },
    };
    weeks.data.set(key, data);
  }
  return data;
}

/**
 * One week of a time-sorted footprint layer: views into the layer's quad arrays, so deck.gl
 * writes only that week's vertices to the GPU (a slider step costs the week, not the layer).
 */
function quadWeek(state: MapLayerState, time: number | undefined): QuadData {
  const quads = state.quads!;
  const key = time ?? 0;
  let data = quads.weeks.get(key);
  if (!data) {
    const [start, count] = timeBlock(state.payload.timeStarts!, time);
    data = quadBlock(quads.geometry, quads.colors, start, count);
    quads.weeks.set(key, data);
  }
  return data;
}

function positions32(coordinates: Float64Array): Float32Array {
  return Float32Array.from(coordinates);
}

/** Grey edge of an uncertain cell (a trend whose interval spans 0). */
const UNCERTAIN_EDGE: [number, number, number, number] = [70, 70, 70, 200];

function toDeckLayer(
  state: MapLayerState,
  time: number | undefined,
  device: Device | undefined,
): Layer | Layer[] {
  const { payload } = state;
  const shown = { visible: state.visible, opacity: state.opacity };
  const props = {
    ...state.deckProps,
    id: payload.id,
    ...shown,
    pickable: true,
    ...(state.filter ? { filterRange: [time ?? 0, time ?? 0] as [number, number] } : {}),
    ...(state.weeks ? { data: weekData(state, time, device) } : {}),
  };
  if (state.quads) {
    const { uncertain } = state.quads;
    return [
      new SolidPolygonLayer({
        ...props,
        ...(payload.timeStarts ? { data: quadWeek(state, time) } : {}),
        // The quads are given whole: no normalising, no tessellation (indices), no longitude cut.
        _normalize: false,
      }),
      ...(uncertain
        ? [
            new PathLayer({
              id: `${payload.id}-uncertain`,
              ...shown,
              data: uncertain,
              getColor: UNCERTAIN_EDGE,
              getWidth: 1,
              widthUnits: 'pixels',
              _pathType: 'loop',
            }),
          ]
        : []),
    ];
  }
  if (payload.style === 'outline' && payload.polygonStarts)
    return [
      new SolidPolygonLayer({ ...props, wrapLongitude: true }),
      new PathLayer({
        id: `${payload.id}-edges`,
        ...shown,
        data: {
          length: payload.featureCount,
          startIndices: payload.polygonStarts,
          attributes: { getPath: { value: payload.coordinates, size: 2 } },
        },
        getColor: [...parseHex(payload.color), 255] as [number, number, number, number],
        getWidth: 2,
        widthUnits: 'pixels',
        wrapLongitude: true,
        _pathType: 'loop',
      }),
    ];
  if (payload.geometry === 'point') {
    // 27 km cells drawn as discs of 14 km radius just touch, so a weekly grid reads as a surface.
    return new ScatterplotLayer({
      ...props,
      getRadius: 14_000,
      radiusUnits: 'meters',
      radiusMinPixels: 1.5,
      stroked: false,
    });
  }
  return new SolidPolygonLayer({ ...props, wrapLongitude: true });
}

const TOOLTIP_STYLE = {
  background: '#1f2a24',
  color: '#fff',
  borderRadius: '6px',
  padding: '0.4rem 0.6rem',
  font: '0.82rem / 1.4 system-ui, sans-serif',
  whiteSpace: 'pre',
};

function tooltipFor(layers: Map<string, MapLayerState>, time: () => number | undefined) {
  return ({ layer, index }: PickingInfo) => {
    const state = layer ? layers.get(layer.id) : undefined;
    if (!state || index < 0) return null;
    // A week-block layer picks within the drawn block: back to the feature's index in the payload.
    const { payload } = state;
    const start =
      payload.timeStarts && (state.weeks || state.quads) ? timeBlock(payload.timeStarts, time())[0] : 0;
    const info = featureInfo(payload, start + index, formatValue);
    const lines = [payload.name, `${measureTitle(payload)}: ${info.valueText}`];
    if (info.uncertain) lines.push('Uncertain: the interval spans 0');
    if (info.time !== undefined)
      lines.push(info.timeLabel ? `${info.timeLabel} (week ${info.time})` : `Week ${info.time}`);
    if (info.label) lines.push(`Region: ${info.label}`);
    // Inline, as deck.gl styles its tooltip inline (a stylesheet would need !important to win).
    return { text: lines.join('\n'), className: 'map-tooltip', style: TOOLTIP_STYLE };
  };
}

function copyCanvas(source: HTMLCanvasElement | null): HTMLCanvasElement {
  const copy = document.createElement('canvas');
  copy.width = source?.width ?? 0;
  copy.height = source?.height ?? 0;
  if (source && copy.width > 0 && copy.height > 0) copy.getContext('2d')!.drawImage(source, 0, 0);
  return copy;
}

function el(tag: 'div', className: string): HTMLDivElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}
