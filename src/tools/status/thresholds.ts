import { DEFAULT_THRESHOLD, type QueryFrame } from '../../frame/query-frame';
import type { CellMean } from './weekly-means';
import type { WeekPoint } from './subject-spec';

export interface Threshold {
  value: number;
  rule: string;
}

/**
 * The frame's threshold in the measure's unit. `peak` is what a peak_share is a share of: the
 * highest weekly place-wide mean for the week operations (weekly_series' arrival rule), the
 * highest per-cell mean for cells_above. No threshold: DEFAULT_THRESHOLD, 25% of that peak,
 * for every measure — a share is scale-free, so one default serves abundance (0–2 birds per
 * checklist in the example) and occurrence (0–1) alike.
 */
export function resolveThreshold(
  frame: Pick<QueryFrame, 'threshold'>,
  peak: number | null,
  peakName: string,
): Threshold | null {
  const given = frame.threshold ?? DEFAULT_THRESHOLD;
  if (given.of === 'value') return { value: given.value, rule: `the value ${given.value} you gave` };
  if (peak === null) return null;
  return {
    value: given.value * peak,
    rule: `${Math.round(given.value * 1000) / 10}% of ${peakName} (${Number(peak.toPrecision(4))})${frame.threshold ? '' : ', the default'}`,
  };
}

/** First and last weeks (in the time's order) whose mean reaches the threshold, and the weeks from one to the other inclusive. */
export function weeksAbove(
  series: readonly WeekPoint[],
  threshold: number,
): { first: WeekPoint; last: WeekPoint; weeks: number } | null {
  const indices = series.flatMap((point, index) =>
    point.value !== null && point.value >= threshold ? [index] : [],
  );
  if (indices.length === 0) return null;
  const first = indices[0];
  const last = indices[indices.length - 1];
  return { first: series[first], last: series[last], weeks: last - first + 1 };
}

/** Modelled cells whose mean over the time reaches the threshold, and their share of the modelled cells. */
export function cellsAbove(
  cells: readonly CellMean[],
  threshold: number,
): { count: number; share: number; threshold: number } {
  const modelled = cells.filter((cell) => cell.value !== null);
  const count = modelled.filter((cell) => cell.value! >= threshold).length;
  return { count, share: modelled.length > 0 ? count / modelled.length : 0, threshold };
}
