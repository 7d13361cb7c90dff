import { describe, expect, it } from 'vitest';
import type { QueryFrame } from '../frame/query-frame';
import { checkReading, type ExpectedReading, findRecordedReading, readingProblems } from './score-reading';

const frame = (parts: Partial<QueryFrame>): QueryFrame => ({
  species: ['yebsap'],
  measure: 'abundance',
  operation: 'when_highest',
  times: [],
  places: [],
  ...parts,
});
const expected = (parts: Partial<ExpectedReading>): ExpectedReading => ({
  species: ['yebsap'],
  measure: 'abundance',
  operation: 'when_highest',
  ...parts,
});
const MARQUETTE = { kind: 'near', name: 'Marquette', lon: -87.3954, lat: 46.5436, radius_km: 50 } as const;

describe('readingProblems', () => {
  it('treats no place, all and USA-MI as Michigan, and no time as the whole year', () => {
    expect(
      readingProblems(
        expected({ place: { kind: 'all' }, time: { kind: 'year' } }),
        frame({ places: [{ kind: 'region', code: 'USA-MI' }] }),
      ),
    ).toEqual([]);
    expect(
      readingProblems(expected({}), frame({ times: [{ kind: 'year' }], places: [{ kind: 'all' }] })),
    ).toEqual([]);
  });

  it('names each part that differs', () => {
    const problems = readingProblems(
      expected({
        measure: 'occurrence',
        operation: 'first_week_above',
        time: { kind: 'season', season: 'breeding' },
        place: { kind: 'part', part: 'upper_peninsula' },
        threshold: { value: 0.1, of: 'value' },
      }),
      frame({
        measure: 'abundance',
        operation: 'when_highest',
        times: [{ kind: 'weeks', from: 20, to: 33, label: 'summer' }],
        places: [{ kind: 'part', part: 'lower_peninsula' }],
      }),
    );
    expect(problems).toHaveLength(5);
    expect(problems.join(' | ')).toMatch(
      /measure abundance, expected occurrence.*operation when_highest.*time weeks 20–33.*place part lower_peninsula.*threshold 0.25 \(peak_share\), expected 0.1 \(value\)/,
    );
  });

  it('reads part ids by what they say, towns by coordinates, and two subjects in either order', () => {
    expect(
      readingProblems(
        expected({ place: { kind: 'part', part: 'upper_peninsula' } }),
        frame({ places: [{ kind: 'part', part: 'UP' }] }),
      ),
    ).toEqual([]);
    expect(
      readingProblems(
        expected({ place: MARQUETTE }),
        frame({ places: [{ kind: 'near', name: 'Marquette, MI', lon: -87.39, lat: 46.54, radius_km: 50 }] }),
      ),
    ).toEqual([]);
    expect(
      readingProblems(
        expected({ place: MARQUETTE }),
        frame({ places: [{ kind: 'near', name: 'Marquette', lon: -87.39, lat: 46.54, radius_km: 100 }] }),
      ),
    ).toHaveLength(1);
    expect(
      readingProblems(
        expected({ place: MARQUETTE }),
        frame({ places: [{ kind: 'near', name: 'Detroit', lon: -83.05, lat: 42.33, radius_km: 50 }] }),
      ),
    ).toHaveLength(1);
    const up = { kind: 'part', part: 'upper_peninsula' } as const;
    const lp = { kind: 'part', part: 'lower_peninsula' } as const;
    expect(
      readingProblems(
        expected({ operation: 'which_larger', places: [up, lp] }),
        frame({ operation: 'value', places: [lp, up] }),
      ),
    ).toEqual([]);
    expect(
      readingProblems(
        expected({ operation: 'which_larger', places: [up, lp] }),
        frame({ operation: 'value', places: [up] }),
      ),
    ).toHaveLength(1);
  });

  it('checks the threshold only where it changes the figures, and top_n, units and interval when expected', () => {
    expect(
      readingProblems(
        expected({ operation: 'value' }),
        frame({ operation: 'value', threshold: { value: 0.3, of: 'value' } }),
      ),
    ).toEqual([]);
    expect(
      readingProblems(
        expected({ operation: 'first_week_above' }),
        frame({ operation: 'first_week_above', threshold: { value: 0.25, of: 'peak_share' } }),
      ),
    ).toEqual([]);
    expect(
      readingProblems(
        expected({ operation: 'where_highest', top_n: 3 }),
        frame({ operation: 'where_highest' }),
      ),
    ).toEqual(['top_n default, expected 3']);
    expect(
      readingProblems(
        expected({
          measure: 'range_area',
          operation: 'value',
          time: { kind: 'season', season: 'breeding' },
          units: 'mi2',
        }),
        frame({ measure: 'range_area', operation: 'value', times: [{ kind: 'season', season: 'breeding' }] }),
      ),
    ).toEqual(['units km2, expected mi2']);
    expect(
      readingProblems(expected({ operation: 'value', interval: true }), frame({ operation: 'value' })),
    ).toHaveLength(1);
  });

  it('accepts the breeding season on a trend reading (its only season)', () => {
    expect(
      readingProblems(
        expected({ measure: 'trend', operation: 'value' }),
        frame({ measure: 'trend', operation: 'value', times: [{ kind: 'season', season: 'breeding' }] }),
      ),
    ).toEqual([]);
  });
});

describe('checkReading and findRecordedReading', () => {
  const reading = {
    summary: 'relative abundance · when highest · Michigan',
    unknown: [],
    outOfScope: [],
    frame: frame({}),
  };

  it('finds the last reading in records, summaries and event lists', () => {
    expect(findRecordedReading([{ answer: 'x' }, { reading }])).toBe(reading);
    expect(findRecordedReading([[{ type: 'turn-start' }, { type: 'reading', reading }]])).toBe(reading);
    expect(findRecordedReading([{ reading: 'not a reading' }, {}])).toBeUndefined();
  });

  it('says when no reading was recorded, and checks the out-of-scope reason', () => {
    expect(checkReading({ reading: expected({}) }, undefined)).toEqual({
      status: 'none',
      problems: ['no reading recorded'],
    });
    expect(checkReading({ reading: expected({}) }, reading).status).toBe('matched');
    expect(
      checkReading(
        { outOfScope: 'species' },
        { summary: 'x', outOfScope: [{ reason: 'species', words: 'robins' }] },
      ).status,
    ).toBe('matched');
    expect(checkReading({ outOfScope: 'species' }, reading)).toMatchObject({
      status: 'mismatched',
      problems: [expect.stringContaining('not flagged, expected species')],
    });
    expect(
      checkReading(
        { reading: expected({}) },
        { summary: 'x', outOfScope: [{ reason: 'place', words: 'Ohio' }] },
      ).status,
    ).toBe('mismatched');
  });
});
