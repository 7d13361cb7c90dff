import { describe, expect, it } from 'vitest';
import { regionMatchSql, regionPhrases, withoutPhrase } from './detect-region';
import { formatFigure, formatShare, formatWeek } from './format-figure';
import { namesCover } from './names-cover';
import { pickChoice } from './ask-choice';
import { weekCondition, weekOfDay } from './time-arguments';

describe('weekOfDay', () => {
  it.each([[1, 4, 1], [4, 19, 16], [6, 14, 24], [12, 31, 52], [7, 26, 30]])('%i/%i is week %i (day of year 4 + 7(i − 1))', (month, day, week) => {
    expect(weekOfDay(month, day)).toBe(week);
  });
});

describe('weekCondition', () => {
  it('a season selects its weeks through the seasons table, wrapping the year end', () => {
    expect(weekCondition({ kind: 'season', season: 'nonbreeding' }, 'yebsap')).toContain('k.week >= s.start_week OR k.week <= s.end_week');
    expect(weekCondition({ kind: 'month', month: 5 }, 'yebsap')).toBe('month(w.date) = 5');
    expect(weekCondition(undefined, 'yebsap')).toBe('TRUE');
  });
});

describe('regionPhrases', () => {
  it('finds names by their content words and codes only in capitals', () => {
    const phrases = regionPhrases('Can I see a sapsucker in New York or MI?');
    expect(phrases.names).toContain('new york');
    expect(phrases.names).not.toContain('in new york');
    expect(phrases.codes).toEqual(['MI', 'USA-MI']);
    expect(regionPhrases('can i see it in michigan').codes).toEqual([]);
  });

  it('quotes what it puts in SQL', () => {
    expect(regionMatchSql({ names: ["o'brien"], codes: [] })).toContain("'o''brien'");
    expect(regionMatchSql({ names: [], codes: [] })).toBeUndefined();
  });

  it('withoutPhrase removes the region so the rest names the species', () => {
    expect(withoutPhrase('Where is the sapsucker in New  York?', 'new york')).toBe('Where is the sapsucker in  ?');
  });
});

describe('namesCover', () => {
  it('accepts plurals, typos and prefixes, refuses words the names do not explain', () => {
    const names = ['Yellow-bellied Sapsucker', 'Sphyrapicus varius', 'yebsap'];
    expect(namesCover('sapsuckers', names)).toBe(true);
    expect(namesCover('sapsuker', names)).toBe(true);
    expect(namesCover("sapsucker's", names)).toBe(true);
    expect(namesCover('red-naped sapsucker', names)).toBe(false);
  });
});

describe('formatFigure', () => {
  it('keeps four significant digits, integers whole with separators, never exponents', () => {
    expect(formatFigure(0.6543060212)).toBe('0.6543');
    expect(formatFigure(112657.316)).toBe('112,657');
    expect(formatFigure(156)).toBe('156');
    expect(formatFigure(0.0000270367)).toBe('0.00002704');
    expect(formatFigure(-0.859738875432)).toBe('-0.8597');
    expect(formatShare(0.74289)).toBe('74.3%');
    expect(formatWeek('2023-04-12', 15)).toBe('2023-04-12 (12 April, week 15)');
  });
});

describe('pickChoice', () => {
  const pending = { question: 'Which?', asked: 'q', options: [
    { label: 'Georgia (GEO, a country)', kind: 'region' as const, code: 'GEO', name: 'Georgia' },
    { label: 'Georgia (USA-GA, a state)', kind: 'region' as const, code: 'USA-GA', name: 'Georgia' },
  ] };
  it('reads a number, a label or a code; a shared name alone is not a choice', () => {
    expect(pickChoice(pending, '2')?.code).toBe('USA-GA');
    expect(pickChoice(pending, 'Georgia (GEO, a country)')?.code).toBe('GEO');
    expect(pickChoice(pending, 'the state, USA-GA')?.code).toBe('USA-GA');
    expect(pickChoice(pending, 'Georgia')).toBeUndefined();
  });
});
