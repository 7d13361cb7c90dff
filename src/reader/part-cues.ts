import type { Measure, TimeSpec } from '../frame/query-frame';
import type { CueReading } from './read-cues';
import type { Vocabulary } from './reading';
import type { Token } from './tokenise';

/** Words that make two years one span ("from 2012 to 2022", "between 2016 and 2022", "2012-2022"). */
const YEAR_SPAN_WORDS = new Set(['to', 'through', 'thru', 'until', 'till', '-', 'and']);

/**
 * Years of the trend window asked about as a change ("gone up from 2012 to 2022", "changed since
 * 2014", "between 2016 and 2022"): the question is the trend over those years, not a year outside
 * the weekly estimates. A year alone with no change word ("abundance in 2015") stays out of scope.
 * Returns whether the years were read as the trend window.
 */
export function addTrendWindowCue(
  cues: CueReading,
  years: readonly { year: number; from: number }[],
  tokens: readonly Token[],
  vocabulary: Vocabulary,
): boolean {
  const window = vocabulary.trendYears;
  if (!window) return false;
  const inside = years.filter(
    (entry) => entry.year !== vocabulary.release && entry.year >= window.start && entry.year <= window.end,
  );
  if (inside.length === 0) return false;
  const change = (cues.features.rise ?? 0) > 0 || (cues.features.drop ?? 0) > 0;
  const since = inside.some((entry) => tokens[entry.from - 1]?.text === 'since');
  const [first, second] = inside;
  const span =
    first !== undefined &&
    second !== undefined &&
    second.from > first.from &&
    tokens.slice(first.from + 1, second.from).some((token) => YEAR_SPAN_WORDS.has(token.text)) &&
    (cues.features.compare ?? 0) === 0;
  if (!change && !since && !span) return false;
  cues.measures.trend = (cues.measures.trend ?? 0) + 3;
  return true;
}

/**
 * "the chance of a sapsucker showing up near Ludington on 6/1", "how likely is one to turn up on
 * May 5": a chance on one named day is presence that day. An arrival asks for a week; the
 * question already names it, so the arrival verb is read as being there.
 */
export function dropArrivalOnANamedDay(cues: CueReading, times: readonly TimeSpec[]): void {
  const oneDay = times.length === 1 && times[0]!.kind === 'weeks' && times[0]!.from === times[0]!.to;
  if (oneDay && (cues.measures.occurrence ?? 0) > 0 && (cues.features.when ?? 0) === 0)
    delete cues.features.arrive;
}

/**
 * "how many weeks would you count sapsucker occurrence above 0.3", "how many cells would I count
 * with abundance over 0.4": the verb "count" counts what the question asks about; with a measure
 * word named, that word is the measure, not the count of birds on a checklist.
 */
export function dropCountVerbBesideMeasure(cues: CueReading): void {
  const others: Measure[] = [...cues.namedMeasures].filter((measure) => measure !== 'count');
  if (cues.countVerb <= 0 || others.length === 0) return;
  const left = (cues.measures.count ?? 0) - cues.countVerb;
  if (left > 0) cues.measures.count = left;
  else delete cues.measures.count;
}
