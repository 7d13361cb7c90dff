import { describe, expect, it } from 'vitest';
import { figureLeaves, parseTolerance, scoreAnswer } from './score-answer';

describe('parseTolerance', () => {
  it('reads relative and absolute phrases, and falls back to 1% relative', () => {
    expect(parseTolerance('relative 1% on every figure')).toEqual({ relative: 0.01, absolute: 1e-9 });
    expect(parseTolerance('absolute 0.001')).toEqual({ relative: 0, absolute: 0.001 });
    expect(parseTolerance('close enough')).toEqual({ relative: 0.01, absolute: 1e-9 });
  });
});

describe('figureLeaves', () => {
  it('flattens arrays and objects with their paths', () => {
    expect(figureLeaves({ a: 1, ci: [-1, 2], box: { xmin: 3 }, day: '2023-04-19' })).toEqual([
      { name: 'a', value: 1 }, { name: 'ci[0]', value: -1 }, { name: 'ci[1]', value: 2 }, { name: 'box.xmin', value: 3 }, { name: 'day', value: '2023-04-19' },
    ]);
  });
});

describe('scoreAnswer', () => {
  const question = { tolerance: 'relative 1% on every figure', figures: { peak_week: '2023-04-19', peak_mean: 0.6543060212, area: 112657.316, share: 0.743, ppy: -0.8597 } };

  it('finds rounded numbers, thousands separators, percentages of fractions and dates as written', () => {
    const checks = scoreAnswer('Peak in the week of 2023-04-19: mean 0.6543; range 112,657 km², 74.3% of the area; trend -0.8597% per year.', question);
    expect(checks.every((check) => check.found)).toBe(true);
    expect(checks.find((check) => check.name === 'share')?.matched).toBe('74.3%');
  });

  it('a figure off by more than the tolerance, or a missing date, is not found', () => {
    const checks = scoreAnswer('Peak in the week of 2023-04-12: mean 0.6448; range 112,657 km², 74.3%; trend -0.86%.', question);
    expect(checks.filter((check) => !check.found).map((check) => check.name)).toEqual(['peak_week', 'peak_mean']);
  });

  it('numbers inside codes and dates do not count as figures', () => {
    expect(scoreAnswer('USA-MI in 2023-06-14', { tolerance: 'absolute 0.5', figures: { n: 14 } })[0]!.found).toBe(false);
  });
});
