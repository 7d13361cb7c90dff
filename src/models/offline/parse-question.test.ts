import { describe, expect, it } from 'vitest';
import { parseQuestion, parseTime } from './parse-question';

const CASES: { name: string; question: string; expected: Partial<ReturnType<typeof parseQuestion>> }[] = [
  { name: 'peak with a named species and region', question: 'When does the Yellow-bellied Sapsucker peak in Michigan?', expected: { intent: 'peak', subject: 'yellow-bellied sapsucker michigan', usesPronoun: false } },
  { name: 'trend with a pronoun and a season', question: 'Is its breeding population in Michigan increasing or decreasing?', expected: { intent: 'trend', time: { kind: 'season', season: 'breeding' }, subject: 'michigan', usesPronoun: true } },
  { name: 'range size', question: 'How big is its breeding range in Michigan?', expected: { intent: 'range_size', time: { kind: 'season', season: 'breeding' } } },
  { name: 'season most common', question: 'In which season is it most common in Michigan on average?', expected: { intent: 'season_most_common', subject: 'michigan' } },
  { name: 'arrival ("reach")', question: 'When do Yellow-bellied Sapsuckers reach Michigan?', expected: { intent: 'arrival', subject: 'yellow-bellied sapsuckers michigan' } },
  { name: 'departure', question: 'When do they leave Michigan?', expected: { intent: 'departure', usesPronoun: true } },
  { name: 'follow-up with only a time', question: 'and in winter?', expected: { intent: 'unknown', isFollowUp: true, time: { kind: 'season', season: 'nonbreeding' }, subject: '' } },
  { name: 'where in a numbered week', question: 'Where is the Yellow-bellied Sapsucker in week 24?', expected: { intent: 'where', time: { kind: 'week', week: 24 } } },
  { name: 'chance in a month', question: 'How likely am I to see a sapsucker in Michigan in May?', expected: { intent: 'chance', time: { kind: 'month', month: 5 }, subject: 'sapsucker michigan' } },
  { name: 'comparison of two species', question: 'Compare Yellow-bellied Sapsucker and Simulated Warbler in June', expected: { intent: 'compare', subjects: ['yellow-bellied sapsucker', 'simulated warbler'] } },
  { name: 'top regions', question: 'Which states hold the most sapsuckers in the breeding season?', expected: { intent: 'top_regions', subject: 'sapsuckers' } },
  { name: 'what data', question: 'What data is there?', expected: { intent: 'data_available' } },
  { name: 'a date in words', question: 'Where are yellow-bellied sapsuckers on April 19?', expected: { intent: 'where', time: { kind: 'date', month: 4, day: 19 } } },
];

describe('parseQuestion', () => {
  it.each(CASES)('$name', ({ question, expected }) => {
    expect(parseQuestion(question)).toMatchObject(expected);
  });

  it('"may" as a verb is not the month', () => {
    expect(parseTime('where may i find it')).toBeUndefined();
    expect(parseTime('where is it in may')).toEqual({ kind: 'month', month: 5 });
  });
});
