import { describe, expect, it } from 'vitest';
import { layerPeriod } from './layer-period';
import { weekDate } from './week-dates';

describe('layerPeriod', () => {
  it('names one week with its date as the page’s week label does', () => {
    expect(weekDate(2023, 24)).toBe('2023-06-14');
    expect(layerPeriod([24], 2023)).toBe('Week 24 · 14 June');
  });

  it('names a span over the new year from its first to its last week', () => {
    const winter = [47, 48, 49, 50, 51, 52, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10];
    expect(layerPeriod(winter, 2023)).toBe(
      `Weeks 47–10 · 22 November – ${Number(weekDate(2023, 10).slice(8))} March`,
    );
  });

  it('has no period for the whole year or no weeks', () => {
    expect(
      layerPeriod(
        Array.from({ length: 52 }, (_, index) => index + 1),
        2023,
      ),
    ).toBeUndefined();
    expect(layerPeriod([], 2023)).toBeUndefined();
  });
});
