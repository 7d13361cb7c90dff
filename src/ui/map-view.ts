import { Deck, MapView as DeckMapView, WebMercatorViewport, type Layer, type PickingInfo } from '@deck.gl/core';
import { PathLayer, ScatterplotLayer, SolidPolygonLayer } from '@deck.gl/layers';
import { DataFilterExtension } from '@deck.gl/extensions';
import type { MapLayerPayload } from '../payloads';
import { fillColors, formatValue } from './color-scale';
import { featureInfo, filterValues, layerBounds, type Bounds } from './layer-data';

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

export function createMapView(insets: () => MapInsets = () => ({ top: 0, right: 0, bottom: 0, left: 0 })): MapView {
  const canvasHost = el('div', 'map-canvas');
  const element = el('div', 'map-view');
  element.append(canvasHost);
  const layers = new Map<string, MapLayerState>();
  let basemap: Layer[] = [];
  let time: number | undefined;
  let afterRender: (() => void)[] = [];
  let uploads: { id: string; start: number }[] = [];
  const deck = new Deck({
    parent: canvasHost,
    views: new DeckMapView({ repeat: false }),
    initialViewState: INITIAL_VIEW,
    controller: { keyboard: true, doubleClickZoom: true },
    layers: [],
    getTooltip: tooltipFor(layers),
    onLoad: () => {
      const canvas = deck.getCanvas();
      canvas?.setAttribute('role', 'application');
      canvas?.setAttribute('aria-roledescription', 'map');
      canvas?.setAttribute('aria-label', 'Map. Arrow keys pan, plus and minus zoom; hover a cell for its value.');
    },
    onAfterRender: () => {
      // Frames drawn so far, readable from outside (tests wait for the next frame after a change).
      element.dataset.frames = String(Number(element.dataset.frames ?? 0) + 1);
      for (const upload of uploads) performance.measure(LAYER_UPLOAD_MEASURE, { start: upload.start, end: performance.now(), detail: { layer: upload.id } });
      uploads = [];
      const waiting = afterRender;
      afterRender = [];
      for (const resolve of waiting) resolve();
    },
  });

  const redraw = () => deck.setProps({ layers: [...basemap, ...[...layers.values()].map((state) => toDeckLayer(state, time))] });
  const fit = (bounds: Bounds | undefined) => {
    if (!bounds) return;
    const { clientWidth: width, clientHeight: height } = canvasHost;
    if (!width || !height) return;
    const padded: Bounds = [[bounds[0][0] - 0.5, bounds[0][1] - 0.5], [bounds[1][0] + 0.5, bounds[1][1] + 0.5]];
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
    deck.setProps({ initialViewState: { longitude: view.longitude, latitude: view.latitude, zoom: Math.min(view.zoom, 9), pitch: 0, bearing: 0 } as typeof INITIAL_VIEW });
  };

  return {
    element,
    setBasemap(payload) {
      const start = performance.now();
      const data = { length: payload.featureCount, startIndices: payload.polygonStarts, attributes: { getPolygon: { value: payload.coordinates, size: 2 } } };
      const paths = { length: payload.featureCount, startIndices: payload.polygonStarts, attributes: { getPath: { value: payload.coordinates, size: 2 } } };
      basemap = [
        new SolidPolygonLayer({ id: 'basemap-land', data, getFillColor: LAND, wrapLongitude: true, pickable: false }),
        new PathLayer({ id: 'basemap-borders', data: paths, getColor: BORDER, getWidth: 0.8, widthUnits: 'pixels', wrapLongitude: true, _pathType: 'loop' }),
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
        ...(payload.times ? { filter: filterValues(payload.times) } : {}),
      };
      const state: MapLayerState = { ...base, deckProps: staticProps(base) };
      layers.set(payload.id, state);
      uploads.push({ id: payload.id, start });
      redraw();
      fit(state.bounds);
      return state;
    },
    updateLayer(id, change) {
      const state = layers.get(id);
      if (!state) return;
      Object.assign(state, change);
      redraw();
    },
    removeLayer(id) {
      layers.delete(id);
      redraw();
    },
    zoomTo(id) {
      if (id) return fit(layers.get(id)?.bounds);
      const all = [...layers.values()].map((state) => state.bounds).filter((bounds): bounds is Bounds => Boolean(bounds));
      if (all.length) fit([[Math.min(...all.map((b) => b[0][0])), Math.min(...all.map((b) => b[0][1]))], [Math.max(...all.map((b) => b[1][0])), Math.max(...all.map((b) => b[1][1]))]]);
    },
    setTime(next) {
      time = next;
      redraw();
    },
    rendered: () => new Promise<void>((resolve) => {
      afterRender.push(resolve);
      deck.redraw('test');
    }),
  };
}

/**
 * Binary attributes: positions and colours go to the GPU as typed arrays, and animated layers
 * carry every week at once, so the time slider only moves the GPU filter range (no re-query,
 * no re-upload per frame). The data object and accessors are built once per layer and reused:
 * deck.gl compares props by identity, and a new accessor function on each redraw made it
 * recompute the attributes of all 46k harness points on every slider step (~2.5 s per step).
 */
function staticProps(state: Omit<MapLayerState, 'deckProps'>): Record<string, unknown> {
  const { payload, colors, filter } = state;
  const animated = filter !== undefined;
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
    data: { length: payload.featureCount, startIndices: payload.polygonStarts, attributes: { getPolygon: { value: payload.coordinates, size: 2 } } },
    getFillColor: (_: unknown, { index }: { index: number }) => [colors[index * 4], colors[index * 4 + 1], colors[index * 4 + 2], colors[index * 4 + 3]],
    ...(animated ? { extensions: [WEEK_FILTER], getFilterValue: (_: unknown, { index }: { index: number }) => filter[index] } : {}),
  };
}

function positions32(coordinates: Float64Array): Float32Array {
  return Float32Array.from(coordinates);
}

function toDeckLayer(state: MapLayerState, time: number | undefined): Layer {
  const { payload } = state;
  const props = {
    ...state.deckProps,
    id: payload.id,
    visible: state.visible,
    opacity: state.opacity,
    pickable: true,
    ...(state.filter ? { filterRange: [time ?? 0, time ?? 0] as [number, number] } : {}),
  };
  if (payload.geometry === 'point') {
    // 27 km cells drawn as discs of 14 km radius just touch, so a weekly grid reads as a surface.
    return new ScatterplotLayer({ ...props, getRadius: 14_000, radiusUnits: 'meters', radiusMinPixels: 1.5, stroked: false });
  }
  return new SolidPolygonLayer({ ...props, wrapLongitude: true });
}

function tooltipFor(layers: Map<string, MapLayerState>) {
  return ({ layer, index }: PickingInfo) => {
    const state = layer ? layers.get(layer.id) : undefined;
    if (!state || index < 0) return null;
    const info = featureInfo(state.payload, index, formatValue);
    const lines = [`${state.payload.name}`, `${state.payload.valueName}: ${info.valueText}`];
    if (info.time !== undefined) lines.push(`Week ${info.time}${info.timeLabel ? ` (${info.timeLabel})` : ''}`);
    if (info.label) lines.push(`Region: ${info.label}`);
    return { text: lines.join('\n'), className: 'map-tooltip' };
  };
}

function el(tag: 'div', className: string): HTMLDivElement {
  const node = document.createElement(tag);
  node.className = className;
  return node;
}
