import { describe, expect, it } from 'vitest';
import { figuresIn, findProvenance, quotedTexts, type ProvenanceSource } from './find-provenance';

const peak: ProvenanceSource = {
  callId: 'c1',
  tool: 'run_sql',
  sql: 'SELECT week, abundance FROM weekly',
  data: { rows: [{ week: 24, abundance: 0.6543, area_km2: 1234567.8 }] },
};
const share: ProvenanceSource = {
  callId: 'c2',
  tool: 'regional_stats',
  data: { rows: [{ region_code: 'USA-MI', total_pop_fraction: 0.4172, abundance: '0.6543' }] },
};

describe('findProvenance', () => {
  it.each([
    { name: 'an exact decimal', answer: 'abundance 0.6543', expected: [['0.6543', 'c2']] },
    { name: 'a rounded decimal', answer: 'about 0.65', expected: [['0.65', 'c2']] },
    { name: 'a percentage of a fraction', answer: '41.7% of the population', expected: [['41.7%', 'c2']] },
    { name: 'thousands separators', answer: 'covers 1,234,568 km²', expected: [['1,234,568', 'c1']] },
    { name: 'an integer', answer: 'peaks in week 24.', expected: [['24', 'c1']] },
    {
      name: 'a grouped whole number rounded to three significant digits',
      answer: 'covers 1,230,000 km²',
      expected: [['1,230,000', 'c1']],
    },
    {
      name: 'a grouped whole number whose third digit is a zero (1,234,567.8 to two digits)',
      answer: 'covers 1,200,000 km²',
      expected: [['1,200,000', 'c1']],
    },
    { name: 'a round number claims no rounding', answer: 'about 1,000,000 km²', expected: [] },
    { name: 'a figure no tool produced', answer: 'about 17 birds', expected: [] },
    { name: 'codes and dates are not figures', answer: 'USA-MI on 2023-06-14, H5N1', expected: [] },
  ])('$name', ({ answer, expected }) => {
    expect(findProvenance(answer, [peak, share]).map((item) => [item.figure, item.callId])).toEqual(expected);
  });

  it('prefers an exact match over a rounded one, then the latest call', () => {
    const rounded: ProvenanceSource = { callId: 'r', tool: 't', data: { value: 0.651 } };
    const exact: ProvenanceSource = { callId: 'e', tool: 't', data: { value: 0.65 } };
    const later: ProvenanceSource = { callId: 'l', tool: 't', data: { value: 0.65 } };
    expect(findProvenance('0.65', [exact, rounded])[0]!.callId).toBe('e');
    expect(findProvenance('0.65', [rounded, exact, later])[0]!.callId).toBe('l');
  });

  it('carries the SQL of the call and lists each figure once', () => {
    expect(findProvenance('week 24, and again week 24', [peak])).toEqual([
      { figure: '24', callId: 'c1', tool: 'run_sql', sql: 'SELECT week, abundance FROM weekly' },
    ]);
  });
});

describe('figuresIn', () => {
  it('reads signs, separators, decimals and percent', () => {
    expect(figuresIn('−3.5% and 1,200 and 7.')).toEqual([
      { text: '−3.5%', value: -3.5, decimals: 1, percent: true },
      { text: '1,200', value: 1200, decimals: 0, percent: false },
      { text: '7', value: 7, decimals: 0, percent: false },
    ]);
  });
});

describe('findProvenance and text quoted from results', () => {
  const weekly: ProvenanceSource = {
    callId: 'w',
    tool: 'weekly_series',
    data: {
      weeks: [{ week: 1 }, { week: 2 }, { week: 19 }],
      peak: { mean: 0.6543 },
      caveats: [
        'Relative abundance is the expected count on a standard eBird checklist (2 km, 1 h).',
        '0 means predicted absent.',
      ],
    },
  };

  it('does not link numbers inside a caveat the answer repeats word for word', () => {
    const answer =
      'Peak 0.6543.\n\nCaveats:\n- Relative abundance is the expected count on a standard eBird checklist (2 km, 1 h).';
    expect(findProvenance(answer, [weekly]).map((item) => item.figure)).toEqual(['0.6543']);
    expect(quotedTexts(answer, [weekly])).toEqual([
      'Relative abundance is the expected count on a standard eBird checklist (2 km, 1 h).',
    ]);
  });

  it('does not link the day of a written date, but links the same number elsewhere', () => {
    expect(findProvenance('the week of 2023-04-19 (19 April)', [weekly])).toEqual([]);
    expect(findProvenance('April 19, in week 19', [weekly]).map((item) => item.figure)).toEqual(['19']);
  });

  it('links figures of a result string that is not a caveat, even when the answer repeats it', () => {
    const range: ProvenanceSource = {
      callId: 'r',
      tool: 'range_summary',
      data: {
        area_km2: 112657,
        prediction_area_km2: 151643,
        share_text: '74.3% of the 151,643 km² prediction area',
        caveats: [],
      },
    };
    expect(
      findProvenance('That is 74.3% of the 151,643 km² prediction area.', [range]).map((item) => item.figure),
    ).toEqual(['151,643']);
  });
});
