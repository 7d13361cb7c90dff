import { svgIcon } from './svg-icon';

/**
 * The cross at the map's centre, shown while the map has keyboard focus (styles.css
 * `.map-view:has(canvas:focus-visible)`): the place Enter asks about. Drawn in white over dark
 * so it reads over land, water and every colour of the scale.
 */
export function createMapCrosshair(): SVGSVGElement {
  const cross = 'M16 2v10M16 20v10M2 16h10M20 16h10';
  return svgIcon({
    viewBox: '0 0 32 32',
    className: 'map-crosshair',
    paths: [
      { d: cross, stroke: '#1f2a24', 'stroke-width': '5', 'stroke-linecap': 'round' },
      { d: cross, stroke: '#ffffff', 'stroke-width': '2', 'stroke-linecap': 'round' },
    ],
  });
}
