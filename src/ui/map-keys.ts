/** A place on the map, WGS84 degrees. */
export interface MapPoint {
  lon: number;
  lat: number;
}

/** What the keys act on: the place under the crosshair (the canvas centre) and the zoom. */
export interface MapKeyTarget {
  centre(): MapPoint | undefined;
  zoomBy(delta: number): void;
}

/**
 * Keys of the focused map canvas beyond deck.gl's own: Enter or Space asks about the place under
 * the crosshair. deck.gl 9.4's controller pans with the arrows and zooms on the physical keys
 * `Equal`/`Minus` (KeyboardEvent.code, controller.ts `_onKeyDown`), so "+" typed on the numpad
 * or on a layout where it sits elsewhere (German: BracketRight) did nothing; those zoom here.
 */
export function bindMapKeys(
  canvas: HTMLElement,
  target: MapKeyTarget,
  activate: (point: MapPoint) => void,
): void {
  canvas.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' || event.key === ' ') {
      // Space would scroll the page; a held key asks once.
      event.preventDefault();
      if (event.repeat) return;
      const centre = target.centre();
      if (centre) activate(centre);
      return;
    }
    if ((event.key === '+' || event.key === '-') && event.code !== 'Equal' && event.code !== 'Minus') {
      event.preventDefault();
      target.zoomBy(event.key === '+' ? 1 : -1);
    }
  });
}
