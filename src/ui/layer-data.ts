import { MONTH_NAMES } from '../frame/month-names';
import type { MapLayerPayload } from '../payloads';

/** [[west, south], [east, north]] in degrees. */
export type Bounds = [[number, number], [number, number]];

/** The box around every drawn feature; features with no data still count (they are on the map). */
export function layerBounds(coordinates: Float64Array): Bounds | undefined {
  let west = Infinity;
  let south = Infinity;
  let east = -Infinity;
  let north = -Infinity;
  for (let index = 0; index + 1 < coordinates.length; index += 2) {
    const lon = coordinates[index];
    const lat = coordinates[index + 1];
    if (!Number.isFinite(lon) || !Number.isFinite(lat)) continue;
    if (lon < west) west = lon;
    if (lon > east) east = lon;
    if (lat < south) south = lat;
    if (lat > north) north = lat;
  }
  return west <= east
    ? [
        [west, south],
        [east, north],
      ]
    : undefined;
}

/** The distinct time values (weeks) of an animated layer, ascending; empty for a still layer. */
export function layerTimes(payload: Pick<MapLayerPayload, 'times'>): number[] {
  if (!payload.times) return [];
  const seen = new Set<number>();
  for (const time of payload.times) seen.add(time);
  return [...seen].sort((a, b) => a - b);
}

/**
 * The time whose modelled features have the highest mean (NaN, not modelled, skipped): an
 * animated layer opens at its busiest week, not at week 1, where a migrant is often absent. Mean,
 * not sum, so the map opens at the same week weekly_series calls the peak (seen on the simulated
 * demo: the sum peaked in week 29, when more cells are modelled, the mean in week 17).
 */
export function peakTime(payload: Pick<MapLayerPayload, 'times' | 'values'>): number | undefined {
  if (!payload.times) return undefined;
  const totals = new Map<number, { sum: number; count: number }>();
  payload.times.forEach((time, index) => {
    const value = payload.values[index];
    const total = totals.get(time) ?? { sum: 0, count: 0 };
    if (!Number.isNaN(value)) {
      total.sum += value;
      total.count++;
    }
    totals.set(time, total);
  });
  let best: number | undefined;
  let bestMean = -Infinity;
  for (const [time, { sum, count }] of totals) {
    const mean = count > 0 ? sum / count : -Infinity;
    if (best === undefined || mean > bestMean) {
      best = time;
      bestMean = mean;
    }
  }
  return best;
}

/**
 * The contiguous block [start, count] of features drawn at `time` for a layer sorted by time
 * (`timeStarts`); [0, 0] (nothing) for a week the layer has no features in, or no time set.
 */
export function timeBlock(
  timeStarts: Record<number, [number, number]>,
  time: number | undefined,
): [number, number] {
  return (time !== undefined && timeStarts[time]) || [0, 0];
}

/** Per-feature filter values for deck.gl's DataFilterExtension (GPU filtering: no re-query per frame). */
export function filterValues(times: Uint16Array): Float32Array {
  return Float32Array.from(times);
}

/** What a tooltip shows for feature `index`. */
export interface FeatureInfo {
  value: number;
  valueText: string;
  /** The figure is uncertain (a trend whose interval spans 0). */
  uncertain?: boolean;
  time?: number;
  /** The week's date as a person says it: "19 April". */
  timeLabel?: string;
  label?: string;
}

export function featureInfo(
  payload: MapLayerPayload,
  index: number,
  format: (value: number) => string,
): FeatureInfo {
  const value = payload.values[index];
  const info: FeatureInfo = {
    value,
    valueText: Number.isNaN(value)
      ? 'no data (not modelled)'
      : `${format(value)}${payload.unit ? ` ${payload.unit}` : ''}`,
  };
  if (payload.uncertain?.[index]) info.uncertain = true;
  const time = payload.times?.[index];
  if (time !== undefined) {
    info.time = time;
    const label = payload.timeLabels?.[time];
    if (label) info.timeLabel = dayMonth(label);
  }
  const label = payload.labels?.[index];
  if (label) info.label = label;
  return info;
}

/** An ISO date (the payload's week labels, "2023-04-19") as "19 April"; any other label as it is. */
/** The week as the slider and the map export name it: "Week 16 · 19 April" (a date, not an ISO string). */
export function weekText(week: number, label: string | undefined): string {
  return `Week ${week}${label ? ` · ${dayMonth(label)}` : ''}`;
}

export function dayMonth(label: string): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(label);
  const month = match ? MONTH_NAMES[Number(match[1]) - 1] : undefined;
  return match && month ? `${Number(match[2])} ${month}` : label;
}
