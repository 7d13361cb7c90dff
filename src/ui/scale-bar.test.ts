import { WebMercatorViewport } from '@deck.gl/core';
import { describe, expect, it } from 'vitest';
import { imperialBar, metresPerPixel, metricBar } from './scale-bar';

describe('metresPerPixel', () => {
  it('matches the Web Mercator ground resolution: the equator (40,075,016.686 m) over 512 × 2^zoom pixels, times cos(latitude)', () => {
    expect(metresPerPixel(0, 0)).toBeCloseTo(40_075_016.686 / 512, 2);
    expect(metresPerPixel(45, 10)).toBeCloseTo((40_075_016.686 / (512 * 1024)) * Math.SQRT1_2, 4);
    expect(metresPerPixel(60, 6)).toBeCloseTo(metresPerPixel(0, 6) / 2, 6);
  });

  // deck.gl's viewport (math.gl) rounds the Earth's circumference to 40,030 km: 0.11 % short of WGS84's equator.
  it("agrees with deck.gl's own viewport at the centre of Michigan to 0.2 %", () => {
    for (const zoom of [4, 5.7, 9]) {
      const viewport = new WebMercatorViewport({
        longitude: -85,
        latitude: 44.5,
        zoom,
        width: 800,
        height: 600,
      });
      expect(Math.abs(metresPerPixel(44.5, zoom) / viewport.metersPerPixel - 1)).toBeLessThan(0.002);
    }
  });
});

describe('scale bar lengths', () => {
  it('are round (1, 2 or 5 × 10^k), at most 100 px and at least 40 px, in km or m and mi or ft', () => {
    for (const zoom of [3, 5.5, 6.2, 9, 13, 17]) {
      const perPixel = metresPerPixel(44, zoom);
      const metric = metricBar(perPixel);
      const imperial = imperialBar(perPixel);
      for (const bar of [metric, imperial]) {
        expect(bar.pixels).toBeLessThanOrEqual(100);
        expect(bar.pixels).toBeGreaterThanOrEqual(40);
        expect(bar.label).toMatch(/^(1|2|5)0*(\.0*)? (km|m|mi|ft)$|^0\.0*[125] (km|mi)$/);
      }
      // The metric label says the ground distance the bar spans.
      const [value, unit] = metric.label.split(' ');
      expect(Number(value) * (unit === 'km' ? 1000 : 1)).toBeCloseTo(metric.pixels * perPixel, 3);
    }
    // Zoom 6 at 44° N: 880 m per pixel, so 100 px are 88 km (54.7 mi); at zoom 16, 282 ft.
    expect(metricBar(metresPerPixel(44, 6)).label).toBe('50 km');
    expect(imperialBar(metresPerPixel(44, 6)).label).toBe('50 mi');
    expect(imperialBar(metresPerPixel(44, 16)).label).toBe('200 ft');
  });
});
