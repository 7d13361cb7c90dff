import '../../ui/styles.css';
import { createMapView, LAYER_UPLOAD_MEASURE } from '../../ui/map-view';
import { layerTimes, peakTime } from '../../ui/layer-data';
import { syntheticLayer } from './synthetic-layer';

/**
 * The page the map bench drives with `page.evaluate`: the real map view (src/ui/map-view.ts,
 * deck.gl, binary attributes, week blocks (timeStarts)) alone on a full-window canvas, and a few calls on
 * `window.perchMapBench`. Times are taken here with performance.now(), so CDP round trips are not
 * counted; payloads are generated before the clock starts (in the app they arrive by postMessage).
 */
export interface MapBenchUpload {
  featureCount: number;
  /** What create-app does on the main thread before handing the layer over: peakTime + layerTimes. */
  prepareMs: number;
  /** From addLayer until the frame that drew the layer is on screen (see `drawn`). */
  firstFrameMs: number;
  /** From addLayer until deck.gl's onAfterRender: attributes built, GPU work queued. */
  submitMs: number;
  /** The page's own `perch:layer-upload` measure of the same span (tests read the same one). */
  uploadMeasureMs: number | null;
  window: [number, number];
}

export interface MapBenchStep {
  week: number;
  /** From setTime (the slider's change) until the next frame deck.gl drew is on screen. */
  ms: number;
  /** From setTime until deck.gl's onAfterRender. */
  submitMs: number;
  window: [number, number];
}

export interface LongTask {
  start: number;
  duration: number;
}

export interface PerchMapBenchPage {
  /** Builds a synthetic layer (untimed), then adds it at its peak week and times the first frame. */
  upload(id: string, cells: number, weeks: number): Promise<MapBenchUpload>;
  step(week: number): Promise<MapBenchStep>;
  remove(id: string): Promise<void>;
  longTasks(): LongTask[];
  canvasSize(): [number, number];
  /** The WebGL renderer string (SwiftShader when headless), for the report. */
  renderer(): string;
}

declare global {
  interface Window {
    perchMapBench: PerchMapBenchPage;
  }
}

const tasks: LongTask[] = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) tasks.push({ start: entry.startTime, duration: entry.duration });
}).observe({ type: 'longtask', buffered: true });

const view = createMapView();
document.getElementById('map')!.append(view.element);

window.perchMapBench = {
  async upload(id, cells, weeks) {
    const payload = syntheticLayer(id, cells, weeks);
    const prepareStart = performance.now();
    layerTimes(payload);
    const peak = peakTime(payload);
    const prepareMs = performance.now() - prepareStart;
    // The app's order (create-app): the slider moves to the peak week, then the layer is added.
    view.setTime(peak);
    const start = performance.now();
    view.addLayer(payload);
    const { submitted, presented } = await drawn();
    const end = presented;
    const measure = performance
      .getEntriesByName(LAYER_UPLOAD_MEASURE)
      .filter((entry) => (entry as PerformanceMeasure).detail?.layer === id)
      .at(-1);
    return {
      featureCount: payload.featureCount,
      prepareMs,
      firstFrameMs: presented - start,
      submitMs: submitted - start,
      uploadMeasureMs: measure ? measure.duration : null,
      window: [prepareStart, end],
    };
  },
  async step(week) {
    const start = performance.now();
    view.setTime(week);
    const { submitted, presented } = await drawn();
    return { week, ms: presented - start, submitMs: submitted - start, window: [start, presented] };
  },
  async remove(id) {
    view.removeLayer(id);
    await view.rendered();
  },
  longTasks: () => [...tasks],
  canvasSize: () => [view.element.clientWidth, view.element.clientHeight],
  renderer() {
    const gl = document.createElement('canvas').getContext('webgl2');
    if (!gl) return 'no webgl2';
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    return String(gl.getParameter(info ? info.UNMASKED_RENDERER_WEBGL : gl.RENDERER));
  },
};

/**
 * Draws the pending change and times both ends. `view.rendered()` makes deck.gl draw at once
 * (Deck.redraw with a reason draws synchronously: `submitted`), but WebGL only queues the work;
 * Chromium commits the canvas in the rendering update after the next animation frame's callbacks,
 * so the frame is on screen by the second animation frame (`presented`). Synchronous GL queries
 * (a 1-pixel readPixels, getSyncParameter on a fence) were tried to time the GPU work alone: each
 * waits for the GPU process and blocked the main thread itself, so none is used.
 */
async function drawn(): Promise<{ submitted: number; presented: number }> {
  await view.rendered();
  const submitted = performance.now();
  await nextFrame();
  await nextFrame();
  return { submitted, presented: performance.now() };
}

function nextFrame(): Promise<void> {
  return new Promise((resolve) => requestAnimationFrame(() => resolve()));
}

// deck.gl creates its WebGL device asynchronously: the bench starts after the first (empty) frame.
view.rendered().then(() => {
  const status = document.getElementById('status')!;
  status.textContent = 'ready';
});
