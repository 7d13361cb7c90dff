import type { TownLabels } from '../payloads';

/**
 * The zoom from which each rank (1–5) may be labelled. The page opens on Michigan at zoom 4.3
 * (390×844) to 4.7 (1400×900): there ranks 1–3, and at 4.5 the county seats that name the
 * Upper Peninsula (Marquette, Sault Ste. Marie); towns of 5,000 from 6.5. Overlaps, not ranks,
 * keep the Detroit and Chicago suburbs off the map until there is room.
 */
export const RANK_MIN_ZOOM = [Number.NaN, 0, 3.5, 4.25, 4.5, 6.5] as const;

/** Text size in pixels by rank: bigger towns in bigger type. */
export const RANK_FONT_PIXELS = [Number.NaN, 14, 13, 12, 11.5, 11] as const;

/** Pixels between a town's dot and the start of its name. */
export const LABEL_OFFSET_PIXELS = 6;

/**
 * Average advance of a character of a sans-serif face, as a share of the font size (0.55 for
 * Helvetica and Arial lower case); with the halo and a gap on every side a label's box is a
 * little larger than its ink, so two placed names never touch.
 */
const CHARACTER_WIDTH = 0.58;
const GAP_PIXELS = 4;
/** Half a label's height as a share of its font size: cap height and descenders, ~0.9 em in all. */
const HALF_HEIGHT = 0.5;
const ROW_GAP_PIXELS = 2;

/** Zooms are placed in quarter steps: labels move only when the zoom crosses a step, not on every frame of a zoom. */
export function zoomStep(zoom: number): number {
  return Math.floor(zoom * 4) / 4;
}

interface Box {
  left: number;
  top: number;
  right: number;
  bottom: number;
}

/**
 * Which town labels to draw at `zoom`: in the payload's order (most important first), each town
 * whose rank shows at this zoom and whose dot and name do not overlap a label placed before it.
 * Boxes are in Web Mercator world pixels (512 per world at zoom 0, as deck.gl), so the choice
 * depends on the zoom alone, not on where the map is panned.
 */
export function placeTownLabels(towns: TownLabels, zoom: number): number[] {
  const step = zoomStep(zoom);
  const worldPixels = 512 * 2 ** step;
  const placed: Box[] = [];
  const chosen: number[] = [];
  for (let index = 0; index < towns.names.length; index++) {
    const rank = towns.ranks[index]!;
    if (!(step >= RANK_MIN_ZOOM[rank]!)) continue;
    const [x, y] = worldPixel(towns.positions[index * 2]!, towns.positions[index * 2 + 1]!, worldPixels);
    const size = RANK_FONT_PIXELS[rank]!;
    const box = {
      left: x - 3 - GAP_PIXELS,
      right: x + LABEL_OFFSET_PIXELS + towns.names[index]!.length * size * CHARACTER_WIDTH + GAP_PIXELS,
      top: y - size * HALF_HEIGHT - ROW_GAP_PIXELS,
      bottom: y + size * HALF_HEIGHT + ROW_GAP_PIXELS,
    };
    if (placed.some((other) => overlaps(box, other))) continue;
    placed.push(box);
    chosen.push(index);
  }
  return chosen;
}

function worldPixel(lon: number, lat: number, worldPixels: number): [number, number] {
  const phi = (lat * Math.PI) / 180;
  return [
    ((lon + 180) / 360) * worldPixels,
    (0.5 - Math.log(Math.tan(Math.PI / 4 + phi / 2)) / (2 * Math.PI)) * worldPixels,
  ];
}

function overlaps(a: Box, b: Box): boolean {
  return a.left < b.right && a.right > b.left && a.top < b.bottom && a.bottom > b.top;
}
