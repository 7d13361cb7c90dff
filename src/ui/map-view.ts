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
import type { MapLayerPayload } from '../payloads';
import { fillColors, formatValue } from './color-scale';
import { featureInfo, filterValues, layerBounds, timeBlock, type Bounds } from './layer-data';

/** A layer as the map holds it: the payload plus what the person set in the layer list. */
export interface MapLayerState {
  payload: MapLayerPayload;
  visible: boolean;
  opacity: number;
  colors: Uint8Array;
  filter?: Float32Array;
  bounds?: Bounds;
  /** Data and accessors handed to deck.gl, built once (see `staticProps`). */
  deckProps: Record<string, unknown>;
  /** For a time-sorted point layer: its GPU buffers and each week's block as deck.gl data (see `weekData`). */
  weeks?: WeekBlocks;
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
  setBasemap(payload: MapLayerPayload): void;
  addLayer(payload: MapLayerPayload): MapLayerState;
  updateLayer(id: string, change: Partial<Pick<MapLayerState, 'visible' | 'opacity'>>): void;
  removeLayer(id: string): void;
  zoomTo(id?: string): void;
  setTime(time: number | undefined): void;
  /** Resolves after the next frame deck.gl drew (tests wait on it before a screenshot). */
  rendered(): Promise<void>;
}

const LAND: [number, number, number, number] = [241, 238, 229, 255];
const BORDER: [number, number, number, number] = [150, 145, 130, 200];
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

export function createMapView(
  insets: () => MapInsets = () => ({ top: 0, right: 0, bottom: 0, left: 0 }),
): MapView {
  const canvasHost = el('div', 'map-canvas');
  const element = el('div', 'map-view');
  element.append(canvasHost);
  const layers = new Map<string, MapLayerState>();
  let basemap: Layer[] = [];
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
        'Map. Arrow keys pan, plus and minus zoom; hover a cell for its value.',
      );
    },
    onAfterRender: () => {
      // Frames drawn so far, readable from outside (tests wait for the next frame after a change).
      element.dataset.frames = String(Number(element.dataset.frames ?? 0) + 1);
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

  const redraw = () => {
    // The answer layers on the map, readable from outside (one answer, one map state: tests check it).
    element.dataset.layers = [...layers.keys()].join(' ');
    deck.setProps({
      layers: [...basemap, ...[...layers.values()].map((state) => toDeckLayer(state, time, device))],
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
      const data = {
        length: payload.featureCount,
        startIndices: payload.polygonStarts,
        attributes: { getPolygon: { value: payload.coordinates, size: 2 } },
      };
      const paths = {
        length: payload.featureCount,
        startIndices: payload.polygonStarts,
        attributes: { getPath: { value: payload.coordinates, size: 2 } },
      };
      basemap = [
        new SolidPolygonLayer({
          id: 'basemap-land',
          data,
          getFillColor: LAND,
          wrapLongitude: true,
          pickable: false,
        }),
        new PathLayer({
          id: 'basemap-borders',
          data: paths,
          getColor: BORDER,
          getWidth: 0.8,
          widthUnits: 'pixels',
          wrapLongitude: true,
          _pathType: 'loop',
        }),
      ];
      uploads.push({ id: 'basemap', start });
      redraw();
    },
    addLayer(payload) {
      const start = performance.now();
      const base = {
        payload,
        visible: true,
        opacity: 0.9,
        colors: fillColors(payload.values, payload.domain, payload.color),
        bounds: layerBounds(payload.coordinates),
        ...(payload.times && !drawsWeekBlocks(payload) ? { filter: filterValues(payload.times) } : {}),
      };
      const state: MapLayerState = {
        ...base,
        deckProps: staticProps(base),
        ...(drawsWeekBlocks(payload)
          ? { weeks: { positions: positions32(payload.coordinates), data: new Map() } }
          : {}),
      };
      layers.set(payload.id, state);
      uploads.push({ id: payload.id, start });
      redraw();
      fitView(state.bounds);
      return state;
    },
    updateLayer(id, change) {
      const state = layers.get(id);
      if (!state) return;
      Object.assign(state, change);
      redraw();
    },
    removeLayer(id) {
      const gpu = layers.get(id)?.weeks?.gpu;
      layers.delete(id);
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
    rendered: () =>
      new Promise<void>((resolve) => {
        afterRender.push(resolve);
        deck.redraw('test');
      }),
  };
}

/**
 * Binary attributes: positions and colours go to the GPU as typed arrays, and animated layers
 * without `timeStarts` (polygons, unsorted payloads) carry every week at once, so the time slider
 * only moves the GPU filter range (no re-query, no re-upload per frame). The data object and accessors are built once per layer and reused:
 * deck.gl compares props by identity, and a new accessor function on each redraw made it
 * recompute the attributes of all 46k harness points on every slider step (~2.5 s per step).
 */
function staticProps(state: Omit<MapLayerState, 'deckProps'>): Record<string, unknown> {
  const { payload, colors, filter } = state;
  const animated = filter !== undefined;
  // Week-block layers get their data per week (`weekData`).
  if (drawsWeekBlocks(payload)) return {};
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

function positions32(coordinates: Float64Array): Float32Array {
  return Float32Array.from(coordinates);
}

function toDeckLayer(state: MapLayerState, time: number | undefined, device: Device | undefined): Layer {
  const { payload } = state;
  const props = {
    ...state.deckProps,
    id: payload.id,
    visible: state.visible,
    opacity: state.opacity,
    pickable: true,
    ...(state.filter ? { filterRange: [time ?? 0, time ?? 0] as [number, number] } : {}),
    ...(state.weeks ? { data: weekData(state, time, device) } : {}),
  };
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
    const start = state.weeks ? timeBlock(state.payload.timeStarts!, time())[0] : 0;
    const info = featureInfo(state.payload, start + index, formatValue);
    const lines = [`${state.payload.name}`, `${state.payload.valueName}: ${info.valueText}`];
    if (info.time !== undefined)
      lines.push(`Week ${info.time}${info.timeLabel ? ` (${info.timeLabel})` : ''}`);
    if (info.label) lines.push(`Region: ${info.label}`);
    // Inline, as deck.gl styles its tooltip inline (a stylesheet would need !important to win).
    return { text: lines.join('\n'), className: 'map-tooltip', style: TOOLTIP_STYLE };
  };
}

function el(tag: 'div', className: string): HTMLDivElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}
