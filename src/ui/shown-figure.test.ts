import { describe, expect, it } from 'vitest';
import { shownFigure } from './shown-figure';

describe('shownFigure', () => {
  it.each([
    ['0.6543', '0.654'],
    ['0.654', '0.654'],
    ['191.7117', '192'],
    ['-0.8597', '-0.86'],
    ['−1.0819', '−1.08'],
    ['24.573%', '24.6%'],
    ['0.0000270367', '0.000027'],
    ['1,234.56', '1,235'],
    ['12.30', '12.3'],
  ])('%s is shown as %s (three significant digits at most)', (written, shown) => {
    expect(shownFigure(written)).toBe(shown);
  });

  it('leaves whole numbers, which may be exact counts, as written', () => {
    for (const whole of ['293', '112,657', '2023', '100%']) expect(shownFigure(whole)).toBe(whole);
  });

  it('never shows more than three significant digits for a decimal', () => {
    for (const value of [0.123456, 9.87654, 98.7654, 0.00123456, 2.71829])
      expect(
        shownFigure(String(value))
          .replace(/^[-−0.]+/, '')
          .replace(/\D/g, '').length,
      ).toBeLessThanOrEqual(3);
  });
});
