import type { ChartView, ChartViewOptions } from './chart-view';
import { el } from './dom';
import type { MapInsets, MapView } from './map-view';

/**
 * The map and the chart, placed on the page before deck.gl and Observable Plot have loaded: they
 * are most of the page's JavaScript (0.76 and 0.27 MB of the app's 1.36 MB; the chat is 0.33 MB).
 * Once main.ts started the worker before loading the app, the ask box waited for all of it and
 * came at 1.1–1.4 s after navigation; with these two loaded after the chat it comes at 0.65–1.0 s
 * (cold starts in Chromium here, 2026-12-05). Each view's element is there at once; what the app
 * asks of a view before its module is there waits, in order, and runs once it is.
 */
export type Deferred<View> = View & {
  /** Settles once the view is built: rejects when its module could not be loaded. */
  loaded: Promise<void>;
};

/** `after`: the module loads once it settles (the page's first quiet moment, create-app.ts). */
export function deferMapView(
  insets: () => MapInsets,
  after: Promise<void> = Promise.resolve(),
): Deferred<MapView> {
  const element = el('div', { class: 'map-view' });
  const loading = after
    .then(() => import('./map-view'))
    .then(({ createMapView }) => createMapView(insets, element));
  const later = whenLoaded(loading);
  return {
    element,
    loaded: loading.then(() => undefined),
    setBasemap: (payload) => later((map) => map.setBasemap(payload)),
    addLayer: (payload) => later((map) => map.addLayer(payload)),
    updateLayer: (id, change) => later((map) => map.updateLayer(id, change)),
    removeLayer: (id) => later((map) => map.removeLayer(id)),
    zoomTo: (id) => later((map) => map.zoomTo(id)),
    setTime: (time) => later((map) => map.setTime(time)),
    onActivate: (listener) => later((map) => map.onActivate(listener)),
    rendered: () => loading.then((map) => map.rendered()),
    snapshot: () => loading.then((map) => map.snapshot()),
  };
}

export function deferChartView(
  options: ChartViewOptions,
  after: Promise<void> = Promise.resolve(),
): Deferred<ChartView> {
  const element = el('div', { class: 'chart-view' });
  const loading = after
    .then(() => import('./chart-view'))
    .then(({ createChartView }) => createChartView(options, element));
  const later = whenLoaded(loading);
  return {
    element,
    loaded: loading.then(() => undefined),
    show: (payload) => later((chart) => chart.show(payload)),
    setCursor: (time) => later((chart) => chart.setCursor(time)),
    clear: (message) => later((chart) => chart.clear(message)),
  };
}

/** Runs each call on the view `loading` resolves to: at once when it is there, else in order once it is. */
export function whenLoaded<View>(loading: Promise<View>): (call: (view: View) => void) => void {
  let view: View | undefined;
  const waiting: ((view: View) => void)[] = [];
  loading.then(
    (loaded) => {
      view = loaded;
      for (const call of waiting.splice(0)) call(loaded);
    },
    // A view that did not load draws nothing; create-app.ts says so through `loaded`.
    () => waiting.splice(0),
  );
  return (call) => {
    if (view) call(view);
    else waiting.push(call);
  };
}
