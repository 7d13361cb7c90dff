/** WGS84 semi-major axis: the sphere Web Mercator projects. */
const EARTH_RADIUS_METRES = 6_378_137;
const METRES_PER_MILE = 1609.344;
const METRES_PER_FOOT = 0.3048;
/** Widest a bar may be; the bar is the longest round distance that fits. */
const MAX_BAR_PIXELS = 100;

/**
 * Ground metres per screen pixel at `latitude` and deck.gl `zoom` in Web Mercator: the world is
 * 512 × 2^zoom pixels around, and a parallel is cos(latitude) of the equator's length.
 */
export function metresPerPixel(latitude: number, zoom: number): number {
  return (2 * Math.PI * EARTH_RADIUS_METRES * Math.cos((latitude * Math.PI) / 180)) / (512 * 2 ** zoom);
}

export interface ScaleBarLength {
  label: string;
  pixels: number;
}

/** The longest 1, 2 or 5 × 10^k of `unitMetres` whose bar fits in `maxPixels`. */
function roundLength(metresPerPx: number, unitMetres: number, maxPixels: number): number {
  const most = (maxPixels * metresPerPx) / unitMetres;
  const power = 10 ** Math.floor(Math.log10(most));
  return [5, 2, 1].map((step) => step * power).find((length) => length <= most) ?? power;
}

/** Metric bar: metres below 1 km, else kilometres. */
export function metricBar(metresPerPx: number, maxPixels = MAX_BAR_PIXELS): ScaleBarLength {
  const metres = roundLength(metresPerPx, 1, maxPixels);
  return {
    label: metres >= 1000 ? `${metres / 1000} km` : `${metres} m`,
    pixels: metres / metresPerPx,
  };
}

/** Imperial bar: feet below a mile, else miles. */
export function imperialBar(metresPerPx: number, maxPixels = MAX_BAR_PIXELS): ScaleBarLength {
  if ((maxPixels * metresPerPx) / METRES_PER_MILE >= 1) {
    const miles = roundLength(metresPerPx, METRES_PER_MILE, maxPixels);
    return { label: `${miles} mi`, pixels: (miles * METRES_PER_MILE) / metresPerPx };
  }
  const feet = roundLength(metresPerPx, METRES_PER_FOOT, maxPixels);
  return { label: `${feet} ft`, pixels: (feet * METRES_PER_FOOT) / metresPerPx };
}

export interface ScaleBar {
  element: HTMLElement;
  /** Redraws the bars for the view's centre latitude and zoom (cheap: skipped when they did not change). */
  update(view: { latitude: number; zoom: number }): void;
}

/** Metric and imperial scale bars for the map, true at the view's centre latitude. */
export function createScaleBar(): ScaleBar {
  const element = document.createElement('div');
  element.className = 'scale-bar';
  element.setAttribute('aria-hidden', 'true');
  const [metric, imperial] = [bar(), bar()];
  element.append(metric.element, imperial.element);
  let last = '';
  return {
    element,
    update({ latitude, zoom }) {
      const key = `${latitude.toFixed(2)} ${zoom.toFixed(3)}`;
      if (key === last) return;
      last = key;
      const perPixel = metresPerPixel(latitude, zoom);
      metric.set(metricBar(perPixel));
      imperial.set(imperialBar(perPixel));
      // Readable from outside (tests compare the drawn bar with the projection).
      element.dataset.metresPerPixel = String(perPixel);
    },
  };
}

function bar() {
  const element = document.createElement('div');
  element.className = 'scale-bar-row';
  const line = document.createElement('span');
  line.className = 'scale-bar-line';
  const text = document.createElement('span');
  text.className = 'scale-bar-label';
  element.append(line, text);
  return {
    element,
    set(length: ScaleBarLength) {
      line.style.width = `${Math.round(length.pixels)}px`;
      text.textContent = length.label;
    },
  };
}
