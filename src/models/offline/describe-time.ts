import { formatDate } from './format-figure';

/**
 * A subject's time as a person says it, and the week numbers and dates behind it for the
 * Details. query_status labels a time as the reader's words plus the weeks it covers:
 * "April (weeks 14–17, 2023-04-05 to 2023-04-26)", "week 24 (week 24, 2023-06-14)",
 * "the nonbreeding season (weeks 47–10)". A sentence says "in April", "in the week of 14 June",
 * "in winter"; the parenthesis goes to the Details (issue 12: week numbers and ISO dates read
 * like a log).
 */
export interface TimeWords {
  /** "April", "the week of 14 June", "winter", "" for the whole year. */
  plain: string;
  /** "weeks 14–17, 2023-04-05 to 2023-04-26" — the weeks read, for the Details; "" when none. */
  span: string;
}

/** eBird's season names as a birder says them. */
const SEASON_PLAIN: Record<string, string> = {
  prebreeding_migration: 'spring migration',
  breeding: 'the breeding season',
  postbreeding_migration: 'fall migration',
  nonbreeding: 'winter',
};

const SPAN = /^(.*?)\s*\(((?:weeks?) [^()]*)\)$/;
const SEASON = /^the (prebreeding migration|breeding|postbreeding migration|nonbreeding) season$/;
const WEEK_NUMBERS = /^weeks? \d+(?:–\d+)?$/;
const ISO = /\d{4}-\d{2}-\d{2}/g;

export function describeTime(label: string): TimeWords {
  if (!label || /^(the )?whole year$/.test(label)) return { plain: '', span: '' };
  const match = SPAN.exec(label);
  const words = (match ? match[1]! : label).trim();
  const span = match ? match[2]! : '';
  const season = SEASON.exec(words);
  if (season) return { plain: SEASON_PLAIN[season[1]!.replace(/ /g, '_')]!, span };
  // "week 24" / "weeks 34–46" typed as numbers: said with the dates they stand for.
  if (WEEK_NUMBERS.test(words)) {
    const dates = [...span.matchAll(ISO)].map((found) => formatDate(found[0]));
    if (dates.length === 1) return { plain: `the week of ${dates[0]}`, span };
    if (dates.length === 2) return { plain: `${dates[0]} to ${dates[1]}`, span };
  }
  return { plain: words, span };
}

/**
 * " in April", " on June 14", " in the week of 14 June", "" (the whole year): the time phrase of a
 * sentence. One day ("Thanksgiving (November 23)", "June 14") is "on"; a week ("mid-June", "this
 * week"), a month, a span or a season "in"; "from 23 August to 15 November" needs no preposition.
 */
export function timePhrase(subject: { time_label: string; weeks: readonly number[] }): string {
  const { plain } = describeTime(subject.time_label);
  if (!plain) return '';
  if (/ to /.test(plain) && /^\d/.test(plain)) return ` from ${plain}`;
  const day = subject.weeks.length === 1 && !/^(the )?(week|early|mid|late|this|next|last)\b/i.test(plain);
  return ` ${day ? 'on' : 'in'} ${plain}`;
}
