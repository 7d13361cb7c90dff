import type { WeekPoint } from './subject-spec';

/** The week of the series with the highest (or lowest) place-wide mean; the first such week on ties; null when no week is modelled. */
export function bestWeek(series: readonly WeekPoint[], which: 'highest' | 'lowest'): WeekPoint | null {
  let best: WeekPoint | null = null;
  for (const point of series) {
    if (point.value === null) continue;
    if (best === null || (which === 'highest' ? point.value > best.value! : point.value < best.value!))
      best = point;
  }
  return best;
}

/**
 * The largest week-to-week increase (rise) or decrease (drop) of the place-wide mean between
 * consecutive weeks of the time, in its order; a pair with an unmodelled week is skipped. A drop's
 * change is negative. Null when no pair exists (a one-week time) or, for a rise, nothing rises.
 */
export function biggestChange(
  series: readonly WeekPoint[],
  which: 'rise' | 'drop',
): { from: WeekPoint; to: WeekPoint; change: number } | null {
  let best: { from: WeekPoint; to: WeekPoint; change: number } | null = null;
  for (let index = 1; index < series.length; index++) {
    const from = series[index - 1];
    const to = series[index];
    if (from.value === null || to.value === null) continue;
    const change = to.value - from.value;
    if (
      which === 'rise'
        ? change > 0 && (best === null || change > best.change)
        : change < 0 && (best === null || change < best.change)
    )
      best = { from, to, change };
  }
  return best;
}
