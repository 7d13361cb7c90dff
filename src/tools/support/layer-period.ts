import { weekDayMonth } from './week-dates';

/**
 * The time a static layer shows, in the words the page's week label uses, so a one-week or
 * one-season map still says under the map which weeks it is: "Week 24 · 14 June",
 * "Weeks 47–10 · 22 November – 8 March". `weeks` in the order they follow each other (a
 * span over the new year runs 47..52, 1..10). Undefined for the whole year (no period to show).
 */
export function layerPeriod(weeks: readonly number[], release: number): string | undefined {
  const first = weeks[0];
  const last = weeks[weeks.length - 1];
  if (first === undefined || last === undefined || weeks.length >= 52) return undefined;
  if (weeks.length === 1) return `Week ${first} · ${weekDayMonth(release, first)}`;
  return `Weeks ${first}–${last} · ${weekDayMonth(release, first)} – ${weekDayMonth(release, last)}`;
}
