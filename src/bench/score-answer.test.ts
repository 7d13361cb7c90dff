import { describe, expect, it } from 'vitest';
import { dataFiguresIn, figureLeaves, parseTolerance, scoreAnswer } from './score-answer';

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
      { name: 'a', value: 1 },
      { name: 'ci[0]', value: -1 },
      { name: 'ci[1]', value: 2 },
      { name: 'box.xmin', value: 3 },
      { name: 'day', value: '2023-04-19' },
    ]);
  });
});

describe('scoreAnswer', () => {
  const question = {
    tolerance: 'relative 1% on every figure',
    figures: {
      peak_week: '2023-04-19',
      peak_mean: 0.6543060212,
      area: 112657.316,
      share: 0.743,
      ppy: -0.8597,
    },
  };

  it('finds rounded numbers, thousands separators, percentages of fractions and dates as written', () => {
    const checks = scoreAnswer(
      'Peak in the week of 2023-04-19: mean 0.6543; range 112,657 km², 74.3% of the area; trend -0.8597% per year.',
      question,
    );
    expect(checks.every((check) => check.found)).toBe(true);
    expect(checks.find((check) => check.name === 'share')?.matched).toBe('74.3%');
  });

  it('a figure off by more than the tolerance, or a missing date, is not found', () => {
    const checks = scoreAnswer(
      'Peak in the week of 2023-04-12: mean 0.6448; range 112,657 km², 74.3%; trend -0.86%.',
      question,
    );
    expect(checks.filter((check) => !check.found).map((check) => check.name)).toEqual([
      'peak_week',
      'peak_mean',
    ]);
  });

  it('an ISO date also matches the same day written "19 April" or "April 19", and no other day', () => {
    const date = { tolerance: 'relative 1%', figures: { week: '2023-04-19' } };
    expect(scoreAnswer('most numerous around 19 April.', date)[0]!.found).toBe(true);
    expect(scoreAnswer('peaks on April 19, then', date)[0]!.found).toBe(true);
    expect(scoreAnswer('around 9 April or 19 May', date)[0]!.found).toBe(false);
    expect(scoreAnswer('on April 199', date)[0]!.found).toBe(false);
  });

  it('a figure at three significant digits (113,000 km², 0.654) is within the 1% of the question files', () => {
    const checks = scoreAnswer('0.654 over 113,000 km² and -0.86% per year, 74.3%', question);
    expect(checks.filter((check) => typeof check.expected === 'number').every((check) => check.found)).toBe(
      true,
    );
  });

  it('numbers inside codes and dates do not count as figures', () => {
    expect(
      scoreAnswer('USA-MI in 2023-06-14', { tolerance: 'absolute 0.5', figures: { n: 14 } })[0]!.found,
    ).toBe(false);
  });
});

describe('scoreAnswer with figures_unsigned', () => {
  const question = {
    tolerance: 'relative 1% on every figure',
    figures: { change: -0.1659, lon: -86.52, lat: 45.73 },
    figures_unsigned: ['change', 'lon'],
  };

  it('matches a signed figure said in words by its magnitude, only for the listed names', () => {
    const checks = scoreAnswer('Numbers drop by 0.1659 per checklist; centre 86.52°W, 45.73°N.', question);
    expect(checks.every((check) => check.found)).toBe(true);
    const signed = scoreAnswer('The centre is at 86.52°W, -45.73.', question);
    expect(signed.find((check) => check.name === 'lat')?.found).toBe(false);
  });

  it('without the list, a magnitude does not match a negative figure (existing behaviour)', () => {
    expect(
      scoreAnswer('drop by 0.1659', { tolerance: 'relative 1%', figures: { change: -0.1659 } })[0]!.found,
    ).toBe(false);
  });
});

describe('dataFiguresIn', () => {
  it("lets years, species counts and the question's own numbers through", () => {
    expect(
      dataFiguresIn(
        'The data holds 1 species, with weekly estimates for 2023 and trends 2012–2022; nothing for 1995.',
        'Where were they in 1995?',
      ),
    ).toEqual([]);
    expect(dataFiguresIn('No forecast for 2030.', 'What will the trend be in 2030?')).toEqual([]);
  });

  it('flags any figure about the bird: values, percentages, weeks, cell counts, areas and ISO dates', () => {
    expect(
      dataFiguresIn(
        'Robins are not in the data, but sapsuckers peak in week 16 (2023-04-19) at 0.6543, 57% of 293 cells; range 112,657 km².',
        'When do robins arrive?',
      ),
    ).toEqual(['16', '0.6543', '57%', '293', '112,657', '2023-04-19']);
  });

  it("lets the numbers of the recorded reading's summary through (how the question was read, not the bird)", () => {
    const answer = 'In April (weeks 14–17) Ohio is outside the data.';
    expect(dataFiguresIn(answer, 'Where are they in Ohio in April?')).toEqual(['14', '17']);
    expect(
      dataFiguresIn(
        answer,
        'Where are they in Ohio in April?',
        'relative abundance · April (weeks 14–17) · Ohio',
      ),
    ).toEqual([]);
  });

  it('ignores figures in the caveats block', () => {
    expect(
      dataFiguresIn(
        'I cannot answer that.\n\nCaveats: a standard checklist is 2 km, 1 h.',
        'What do they eat?',
      ),
    ).toEqual([]);
  });
});
