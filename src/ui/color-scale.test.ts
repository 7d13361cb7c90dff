import { describe, expect, it } from 'vitest';
import {
  DIVERGING_STOPS,
  NO_DATA_RGBA,
  SEQUENTIAL_STOPS,
  ZERO_RGBA,
  colorFor,
  fillColors,
  formatValue,
  legendStops,
  lightness,
  niceScale,
  parseHex,
  repeatPerVertex,
  uncertainColor,
  type ColorScale,
} from './color-scale';

const SEQUENTIAL: ColorScale = { kind: 'sequential', domain: [0, 2] };
const DIVERGING: ColorScale = { kind: 'diverging', domain: [-10, 10] };

describe('palettes', () => {
  it('the sequential palette runs light to dark: CIELAB lightness falls at every stop', () => {
    const levels = SEQUENTIAL_STOPS.map((hex) => lightness(parseHex(hex)));
    for (let index = 1; index < levels.length; index++) expect(levels[index]).toBeLessThan(levels[index - 1]);
    expect(levels[0] - levels[levels.length - 1]).toBeGreaterThan(60);
  });

  it('the diverging palette is red for decline, blue for increase, white at 0, and symmetric in lightness', () => {
    const middle = (DIVERGING_STOPS.length - 1) / 2;
    expect(DIVERGING_STOPS[middle]).toBe('#ffffff');
    const [red, , blue] = parseHex(DIVERGING_STOPS[0]);
    expect(red).toBeGreaterThan(blue);
    const [r2, , b2] = parseHex(DIVERGING_STOPS[DIVERGING_STOPS.length - 1]);
    expect(b2).toBeGreaterThan(r2);
    for (let step = 1; step <= middle; step++) {
      const decline = lightness(parseHex(DIVERGING_STOPS[middle - step]));
      const increase = lightness(parseHex(DIVERGING_STOPS[middle + step]));
      // Each side darkens away from the middle, and the two sides at one distance are close in lightness.
      expect(decline).toBeLessThan(lightness(parseHex(DIVERGING_STOPS[middle - step + 1])));
      expect(increase).toBeLessThan(lightness(parseHex(DIVERGING_STOPS[middle + step - 1])));
      expect(Math.abs(decline - increase)).toBeLessThan(12);
    }
  });
});

describe('colorFor', () => {
  it('keeps not modelled (NaN), predicted absent (0) and positive values apart on a sequential scale', () => {
    const noData = colorFor(Number.NaN, SEQUENTIAL);
    const zero = colorFor(0, SEQUENTIAL);
    const low = colorFor(0.01, SEQUENTIAL);
    expect(noData).toEqual(NO_DATA_RGBA);
    expect(noData[3]).toBe(0);
    expect(zero).toEqual(ZERO_RGBA);
    // Absent is a neutral grey: no hue.
    expect(new Set(zero.slice(0, 3)).size).toBe(1);
    expect(low).not.toEqual(zero);
    expect(low[3]).toBeGreaterThan(0);
  });

  it('darkens as the value grows, clamped at the domain', () => {
    const level = (value: number) =>
      lightness(colorFor(value, SEQUENTIAL).slice(0, 3) as [number, number, number]);
    expect(level(0.5)).toBeGreaterThan(level(1));
    expect(level(1)).toBeGreaterThan(level(1.9));
    expect(colorFor(5, SEQUENTIAL)).toEqual(colorFor(2, SEQUENTIAL));
    expect(colorFor(2, SEQUENTIAL).slice(0, 3)).toEqual(parseHex(SEQUENTIAL_STOPS.at(-1)!));
  });

  it('on a diverging scale, 0 is the neutral middle and ±v mirror each other in lightness', () => {
    expect(colorFor(0, DIVERGING).slice(0, 3)).toEqual([255, 255, 255]);
    const rgb = (value: number) => colorFor(value, DIVERGING).slice(0, 3) as [number, number, number];
    expect(rgb(-10)).toEqual(parseHex(DIVERGING_STOPS[0]));
    expect(rgb(10)).toEqual(parseHex(DIVERGING_STOPS.at(-1)!));
    const [r, , b] = rgb(-4);
    expect(r).toBeGreaterThan(b);
    expect(Math.abs(lightness(rgb(-4)) - lightness(rgb(4)))).toBeLessThan(12);
    expect(colorFor(Number.NaN, DIVERGING)).toEqual(NO_DATA_RGBA);
  });
});

describe('fillColors', () => {
  it('writes one RGBA per feature, uncertain features paler and more transparent', () => {
    const colors = fillColors(
      new Float32Array([Number.NaN, 0, 2, 2]),
      SEQUENTIAL,
      Uint8Array.from([0, 0, 0, 1]),
    );
    expect(colors.length).toBe(16);
    expect([...colors.slice(0, 4)]).toEqual(NO_DATA_RGBA);
    expect([...colors.slice(4, 8)]).toEqual(ZERO_RGBA);
    const sure = [...colors.slice(8, 12)];
    const unsure = [...colors.slice(12, 16)];
    expect(unsure).toEqual(uncertainColor(sure as [number, number, number, number]));
    expect(lightness(unsure.slice(0, 3) as [number, number, number])).toBeGreaterThan(
      lightness(sure.slice(0, 3) as [number, number, number]),
    );
    expect(unsure[3]).toBeLessThan(sure[3]);
  });

  it('gives each value the colour colorFor gives it, on either scale', () => {
    for (const scale of [
      SEQUENTIAL,
      DIVERGING,
      { kind: 'sequential' as const, domain: [0.5, 0.5] as const },
    ]) {
      const values = Float32Array.from(
        { length: 200 },
        (_, index) => scale.domain[0] + ((scale.domain[1] - scale.domain[0]) * index) / 199,
      );
      values[7] = 0;
      values[9] = Number.NaN;
      const colors = fillColors(values, scale);
      values.forEach((value, index) => {
        const expected = colorFor(value, scale);
        for (let channel = 0; channel < 4; channel++)
          expect(Math.abs(colors[index * 4 + channel] - expected[channel])).toBeLessThanOrEqual(2);
      });
    }
  });

  it('repeatPerVertex gives each corner of a quad its feature colour', () => {
    const perVertex = repeatPerVertex(Uint8Array.from([1, 2, 3, 4, 5, 6, 7, 8]), 4);
    expect([...perVertex]).toEqual([
      ...[1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4, 1, 2, 3, 4],
      ...[5, 6, 7, 8, 5, 6, 7, 8, 5, 6, 7, 8, 5, 6, 7, 8],
    ]);
  });
});

describe('niceScale', () => {
  it('rounds the domain outwards to round ticks (no 0.7959 on a legend)', () => {
    expect(niceScale('sequential', [0, 0.7959])).toEqual({
      domain: [0, 0.8],
      ticks: [0, 0.2, 0.4, 0.6, 0.8],
    });
    const wide = niceScale('sequential', [0, 1234]);
    expect(wide.domain[1]).toBeGreaterThanOrEqual(1234);
    for (const tick of wide.ticks) expect(Number(tick.toPrecision(2))).toBe(tick);
  });

  it('makes a diverging domain symmetric around 0, with 0 a tick', () => {
    const { domain, ticks } = niceScale('diverging', [-3.2, 11.5]);
    expect(domain[0]).toBe(-domain[1]);
    expect(domain[1]).toBeGreaterThanOrEqual(11.5);
    expect(ticks).toContain(0);
    expect(ticks[ticks.length / 2 - 0.5]).toBe(0);
  });

  it('gives an all-zero layer a usable scale', () => {
    expect(niceScale('sequential', [0, 0]).domain).toEqual([0, 1]);
    expect(niceScale('diverging', [0, 0]).domain).toEqual([-1, 1]);
  });
});

describe('legendStops', () => {
  it('the legend bar carries every palette stop from 0 to 1', () => {
    const stops = legendStops('sequential');
    expect(stops).toHaveLength(SEQUENTIAL_STOPS.length);
    expect(stops[0].at).toBe(0);
    expect(stops.at(-1)!.at).toBe(1);
    const [r, g, b] = parseHex(SEQUENTIAL_STOPS[0]);
    expect(stops[0].css).toMatch(new RegExp(`^rgba\\(${r}, ${g}, ${b}, `));
  });
});

describe('parseHex', () => {
  it('reads 3 and 6 digit colours and rejects others', () => {
    expect(parseHex('#fa0')).toEqual([255, 170, 0]);
    expect(parseHex('1a2b3c')).toEqual([26, 43, 60]);
    expect(() => parseHex('red')).toThrow('invalid colour: red');
  });
});

describe('formatValue', () => {
  it('writes 3 significant digits and says no data for NaN', () => {
    expect(formatValue(0.7959)).toBe('0.796');
    expect(formatValue(191.7116)).toBe('192');
    expect(formatValue(112657.316)).toBe('113,000');
    expect(formatValue(-2.345)).toBe('-2.35');
    expect(formatValue(Number.NaN)).toBe('no data');
    expect(formatValue(0)).toBe('0');
  });
});
