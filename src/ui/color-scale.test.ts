import { describe, expect, it } from 'vitest';
import {
  NO_DATA_RGBA,
  ZERO_RGBA,
  colorFor,
  fillColors,
  formatValue,
  legendStops,
  parseHex,
} from './color-scale';

describe('colorFor', () => {
  const rgb = parseHex('#c0392b');
  it('colorFor keeps no data (NaN), zero and positive values apart', () => {
    const noData = colorFor(NaN, [0, 1], rgb);
    const zero = colorFor(0, [0, 1], rgb);
    const low = colorFor(0.01, [0, 1], rgb);
    expect(noData).toEqual(NO_DATA_RGBA);
    expect(zero).toEqual(ZERO_RGBA);
    expect(noData[3]).toBe(0);
    expect(zero).not.toEqual(low);
    expect(low[3]).toBeGreaterThan(0);
  });

  it('colorFor darkens towards the layer colour as the value grows, clamped at the domain', () => {
    const at = (value: number) => colorFor(value, [0, 2], rgb);
    expect(at(2).slice(0, 3)).toEqual([0xc0, 0x39, 0x2b]);
    expect(at(5)).toEqual(at(2));
    expect(at(0.5)[1]).toBeGreaterThan(at(1.5)[1]);
  });
});

describe('fillColors', () => {
  it('fillColors writes one RGBA per feature', () => {
    const colors = fillColors(new Float32Array([NaN, 0, 1]), [0, 1], '#336699');
    expect(colors.length).toBe(12);
    expect([...colors.slice(0, 4)]).toEqual(NO_DATA_RGBA);
    expect([...colors.slice(4, 8)]).toEqual(ZERO_RGBA);
    expect([...colors.slice(8, 11)]).toEqual([0x33, 0x66, 0x99]);
  });
});

describe('legendStops', () => {
  it('legendStops spans the domain evenly', () => {
    const stops = legendStops([0, 4], '#000000', 5);
    expect(stops.map((stop) => stop.value)).toEqual([0, 1, 2, 3, 4]);
    expect(stops[4].css).toBe('rgba(0, 0, 0, 0.84)');
  });
});

describe('parseHex', () => {
  it('parseHex reads 3 and 6 digit colours and rejects others', () => {
    expect(parseHex('#fa0')).toEqual([255, 170, 0]);
    expect(parseHex('1a2b3c')).toEqual([26, 43, 60]);
    expect(() => parseHex('red')).toThrow('invalid colour: red');
  });
});

describe('formatValue', () => {
  it('formatValue writes 4 significant digits and says no data for NaN', () => {
    expect(formatValue(0.6543060212)).toBe('0.6543');
    expect(formatValue(191.7116)).toBe('191.7');
    expect(formatValue(112657.316)).toBe('112,700');
    expect(formatValue(NaN)).toBe('no data');
    expect(formatValue(0)).toBe('0');
  });
});
