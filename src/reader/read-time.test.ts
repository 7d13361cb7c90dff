import { describe, expect, it } from 'vitest';
import type { TimeSpec } from '../frame/query-frame';
import { TEST_CLOCK, TEST_VOCABULARY } from './__fixtures__/test-vocabulary';
import { readQuestion } from './read-question';
import { readTimes } from './read-time';
import { tokenise } from './tokenise';

/**
 * Expected weeks computed here from the rule alone (week i = Jan 4 + 7(i − 1) of the release
 * year; a date → the week whose date is nearest; a span → the weeks whose dates fall inside),
 * with Date arithmetic, independently of src/reader/calendar.ts.
 */
const RELEASE = 2023;
const weekDate = (week: number) => Date.UTC(RELEASE, 0, 4 + 7 * (week - 1));
const dateOf = (month: number, day: number, year = RELEASE) => Date.UTC(year, month - 1, day);
function nearest(month: number, day: number): { from: number; to: number } {
  const target = dateOf(month, day);
  let best = 1;
  for (let week = 1; week <= 52; week++)
    if (Math.abs(weekDate(week) - target) < Math.abs(weekDate(best) - target)) best = week;
  return { from: best, to: best };
}
function inside(first: [number, number], last: [number, number]): { from: number; to: number } {
  const [a, b] = [dateOf(...first), dateOf(...last)];
  const weeks = Array.from({ length: 52 }, (_, index) => index + 1).filter(
    (week) => weekDate(week) >= a && weekDate(week) <= b,
  );
  return { from: weeks[0]!, to: weeks[weeks.length - 1]! };
}
const lastDay = (month: number) => new Date(Date.UTC(RELEASE, month, 0)).getUTCDate();
const month = (m: number) => inside([m, 1], [m, lastDay(m)]);

function timesOf(text: string): TimeSpec[] {
  const tokens = tokenise(text);
  return readTimes(
    tokens,
    tokens.map(() => false),
    { release: RELEASE, today: { year: 2024, month: 6, day: 12 } },
  ).times;
}
function weeksOf(text: string): { from: number; to: number }[] {
  return timesOf(text).map((time) => {
    if (time.kind !== 'weeks') throw new Error(`'${text}' read as ${JSON.stringify(time)}`);
    return { from: time.from, to: time.to };
  });
}

// Thanksgiving 2023: Nov 23; Memorial Day: May 29; Labor Day: Sep 4; Easter: Apr 9; Mother's Day: May 14.
const CASES: [string, { from: number; to: number }][] = [
  ['week 24', { from: 24, to: 24 }],
  ['in wk 24', { from: 24, to: 24 }],
  ['week #7', { from: 7, to: 7 }],
  ['the 24th week', { from: 24, to: 24 }],
  ['the 30th week of the year', { from: 30, to: 30 }],
  ['June 14', nearest(6, 14)],
  ['14 June', nearest(6, 14)],
  ['June 14th', nearest(6, 14)],
  ['on 6/14', nearest(6, 14)],
  ['14/6', nearest(6, 14)],
  ['2023-06-14', nearest(6, 14)],
  ['the 14th of June', nearest(6, 14)],
  ['Jun. 14', nearest(6, 14)],
  ['Dec 31', nearest(12, 31)],
  ['January 1', nearest(1, 1)],
  ['early May', inside([5, 1], [5, 10])],
  ['mid-June', inside([6, 11], [6, 20])],
  ['mid June', inside([6, 11], [6, 20])],
  ['late August', inside([8, 21], [8, 31])],
  ['the end of May', inside([5, 21], [5, 31])],
  ['the beginning of October', inside([10, 1], [10, 10])],
  ['the first week of June', inside([6, 1], [6, 7])],
  ['the last week of May', inside([5, 25], [5, 31])],
  ['in May', month(5)],
  ['during October', month(10)],
  ['in february', month(2)],
  ['between April and June', inside([4, 1], [6, 30])],
  ['from mid-March to early May', inside([3, 11], [5, 10])],
  ['April–June', inside([4, 1], [6, 30])],
  ['April-June', inside([4, 1], [6, 30])],
  ['April to June', inside([4, 1], [6, 30])],
  ['from June 1 to July 15', inside([6, 1], [7, 15])],
  ['May 10 to 20', inside([5, 10], [5, 20])],
  ['weeks 10 to 20', { from: 10, to: 20 }],
  ['weeks 10-20', { from: 10, to: 20 }],
  ['between week 10 and week 20', { from: 10, to: 20 }],
  ['Thanksgiving', nearest(11, 23)],
  ['Memorial Day', nearest(5, 29)],
  ['the 4th of July', nearest(7, 4)],
  ['Independence Day', nearest(7, 4)],
  ['Halloween', nearest(10, 31)],
  ['Christmas Eve', nearest(12, 24)],
  ['Christmas', nearest(12, 25)],
  ["New Year's Day", nearest(1, 1)],
  ["New Year's Eve", nearest(12, 31)],
  ['Labor Day', nearest(9, 4)],
  ['Easter', nearest(4, 9)],
  ["Mother's Day", nearest(5, 14)],
  ["Valentine's Day", nearest(2, 14)],
  // The clock says 2024-06-12; its month/day is read in the 2023 calendar.
  ['now', nearest(6, 12)],
  ['today', nearest(6, 12)],
  ['this week', nearest(6, 12)],
  ['right now', nearest(6, 12)],
  ['currently', nearest(6, 12)],
  ['tomorrow', nearest(6, 13)],
  ['next week', nearest(6, 19)],
  ['this month', month(6)],
  ['next month', month(7)],
];

describe('readTimes', () => {
  it.each(CASES)('%s → its weeks', (text, expected) => {
    expect(weeksOf(text)).toEqual([expected]);
  });

  it('a span across the new year wraps (from > to)', () => {
    const [span] = weeksOf('from December to February');
    const december = month(12);
    const february = month(2);
    expect(span).toEqual({ from: december.from, to: february.to });
  });

  it('late August is not all of August', () => {
    expect(weeksOf('late August')).not.toEqual([month(8)]);
  });

  it('season words are seasons', () => {
    const season = (text: string) =>
      timesOf(text).map((time) => (time.kind === 'season' ? time.season : time.kind));
    expect(season('in the breeding season')).toEqual(['breeding']);
    expect(season('in summer')).toEqual(['breeding']);
    expect(season('nesting season')).toEqual(['breeding']);
    expect(season('during the non-breeding season')).toEqual(['nonbreeding']);
    expect(season('in winter')).toEqual(['nonbreeding']);
    expect(season('during spring migration')).toEqual(['prebreeding_migration']);
    expect(season('prebreeding migration')).toEqual(['prebreeding_migration']);
    expect(season('in the fall')).toEqual(['postbreeding_migration']);
    expect(season('autumn migration')).toEqual(['postbreeding_migration']);
    expect(season('post-breeding migration')).toEqual(['postbreeding_migration']);
  });

  it('"may" the verb is not the month; "in May" is', () => {
    expect(timesOf('where may I find one')).toEqual([]);
    expect(weeksOf('sapsuckers in may')).toEqual([month(5)]);
    expect(weeksOf('is it common in May or June')).toEqual([month(5), month(6)]);
  });

  it('two times are a comparison', () => {
    expect(weeksOf('May vs June')).toEqual([month(5), month(6)]);
  });

  it('6/7 reads as June 7 (US) with July 6 as the other reading', () => {
    const reading = readQuestion('sapsuckers on 6/7', { vocabulary: TEST_VOCABULARY, clock: TEST_CLOCK });
    expect(reading.frame?.times).toEqual([{ kind: 'weeks', ...nearest(6, 7), label: 'June 7' }]);
    expect(reading.alternatives.map((alternative) => alternative.frame.times)).toContainEqual([
      { kind: 'weeks', ...nearest(7, 6), label: 'July 6' },
    ]);
    expect(reading.notes.join(' ')).toMatch(/month\/day/);
  });

  it('labels say the time in words', () => {
    expect(timesOf('Memorial Day')).toEqual([
      { kind: 'weeks', ...nearest(5, 29), label: 'Memorial Day (May 29)' },
    ]);
    expect(timesOf('late August')[0]).toMatchObject({ label: 'late August' });
  });

  it('years are found, not read as weeks', () => {
    const tokens = tokenise('in 2019 and last year');
    const reading = readTimes(
      tokens,
      tokens.map(() => false),
      { release: RELEASE, today: { year: 2024, month: 6, day: 12 } },
    );
    expect(reading.years.map((year) => year.year)).toEqual([2019, 2023]);
    expect(reading.times).toEqual([]);
  });
});
