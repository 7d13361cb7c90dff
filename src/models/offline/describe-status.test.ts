import { describe, expect, it } from 'vitest';
import { when } from './describe-status';

describe('when (the time phrase of a sentence)', () => {
  it.each([
    ['June 14', [24], ' on June 14'],
    ['Thanksgiving (November 23)', [47], ' on Thanksgiving (November 23)'],
    ['mid-June (week 24, 2023-06-14)', [24], ' in mid-June (week 24, 2023-06-14)'],
    ['early May', [18], ' in early May'],
    ['late October', [43], ' in late October'],
    ['this week (week 48)', [48], ' in this week (week 48)'],
    ['week 20', [20], ' in week 20'],
    ['the week of May 17', [20], ' in the week of May 17'],
    ['July', [27, 28, 29, 30], ' in July'],
    ['the breeding season', [20, 21, 22], ' in the breeding season'],
    ['the whole year', [1, 2], ''],
  ])('%s → "%s"', (label, weeks, phrase) => {
    expect(when({ time_label: label, weeks })).toBe(phrase);
  });
});
