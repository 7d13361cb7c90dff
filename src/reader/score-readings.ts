import type { Measure, Operation } from '../frame/query-frame';
import type { Feature } from './cue-words';
import type { CueReading } from './read-cues';

/** What scoring sees besides the cues: how many of each part the question named. */
export interface ScoreInput {
  cues: CueReading;
  /** The most things of one kind named (two times, places or species = a comparison). */
  items: number;
  speciesNamed: boolean;
  hasThreshold: boolean;
  hasTopN: boolean;
  /** A time other than the whole year was named (a rise in spring is a weekly rise). */
  hasWeeks: boolean;
  /** An area unit (km², acres) was named. */
  areaUnit: boolean;
  /** The previous question asked for a weekly rise or drop ("and the biggest drop?" is weekly too). */
  weeklyBefore?: boolean;
}

/** One way to read the question's operation and measure, with its score. */
export interface ScoredReading {
  operation: Operation;
  /** Set when the reading decides the measure too (a trend map, a share of the population). */
  measure?: Measure;
  score: number;
  /** Read from a threshold alone ("above 0.25"): a follow-up keeps its previous operation instead. */
  weak?: boolean;
}

/** Score of `value` with nothing asked: any cue for another operation beats it. */
export const BASE_SCORE = 0.5;

/**
 * Every reading the cues support, best first. Operations come from features combined (where +
 * most, when + most, where + increasing fastest), so no single cue decides alone and close
 * scores surface as alternatives.
 */
export function scoreReadings(input: ScoreInput): ScoredReading[] {
  const feature = (name: Feature) => Math.max(0, input.cues.features[name] ?? 0);
  const [where, when, high, low] = [feature('where'), feature('when'), feature('high'), feature('low')];
  const readings: ScoredReading[] = [];
  const add = (operation: Operation, score: number, measure?: Measure, weak = false) =>
    readings.push({ operation, score, ...(measure ? { measure } : {}), ...(weak ? { weak } : {}) });
  const pair = input.items >= 2;

  add('value', BASE_SCORE + feature('value') + (pair ? 1.2 + feature('compare') : 0));
  const rise = feature('rise');
  const drop = feature('drop');
  const changing = rise > 0.5 || drop > 0;
  const trendWords = (input.cues.measures.trend ?? 0) > 0;
  const weekly =
    feature('weekly') > 0 ||
    when > 0 ||
    (feature('fast') > 0 && input.hasWeeks) ||
    input.weeklyBefore === true;
  // A change over the years ("declining", "increasing more in the UP"): the trend, for every reading that can take it.
  const trend: Measure | undefined = changing && !(weekly && !trendWords) ? 'trend' : undefined;
  // "where" + "most": the top places; "where" alone (a map) still lists the places.
  // A bare "cells" ("the total across all cells") asks for no ranking; "where", "top", "lowest" do.
  if (where > 0 && !(changing && !weekly) && (where >= 1 || high + low > 0 || input.hasTopN))
    add(
      low > high ? 'where_lowest' : 'where_highest',
      where + Math.max(low, high) + 0.2 + (input.hasTopN ? 1 : 0),
    );
  if (input.hasTopN && where === 0) add('where_highest', 1.2);
  if (when > 0 && !(changing && weekly))
    add(low > high ? 'when_lowest' : 'when_highest', when + Math.max(low, high));
  if (feature('arrive') > 0) add('first_week_above', feature('arrive') + feature('first') * 0.5);
  if (feature('leave') > 0) add('last_week_above', feature('leave') + feature('last') * 0.5);
  if (input.hasThreshold && feature('first') > 0) add('first_week_above', 2.5 + feature('first'));
  if (input.hasThreshold && feature('last') > 0) add('last_week_above', 2.5 + feature('last'));
  if (input.hasThreshold && when > 0 && feature('last') === 0) add('first_week_above', when + 1.5);
  if (feature('stay') > 0) add('length_of_stay', feature('stay'));
  if (changing) {
    const up = rise >= drop;
    // A change from week to week (a time of year, "when", "weekly") is a weekly rise or drop; otherwise a change over the years: the trend.
    // A weak change word ("thin out") is a weekly drop only with "fastest" or "weekly"; alone it is the departure.
    const strength = Math.min(1, Math.max(rise, drop));
    if (weekly && !trendWords)
      add(up ? 'biggest_rise' : 'biggest_drop', 2 * strength + when + feature('fast') + feature('weekly'));
    else if (where > 0) add(up ? 'where_highest' : 'where_lowest', where + 2 + feature('fast'), 'trend');
    else add('value', 2 + rise + drop, 'trend');
  }
  const share = feature('share');
  const area = feature('area');
  const countsCells = (share > 0 && area > feature('population')) || (feature('how_many') > 0 && area > 0);
  // "How many trend cells are declining?": the trend's own figures count the declining cells.
  if (countsCells && trend === 'trend' && !input.hasThreshold)
    add('value', 3 + Math.max(share, area) + drop + rise, 'trend');
  else if (countsCells || (input.hasThreshold && area > 0))
    add('cells_above', 2.5 + Math.max(share, area) + (input.hasThreshold ? 1 : 0), trend);
  else if (input.hasThreshold && where > 0) add('cells_above', where + 1);
  else if (input.hasThreshold && !when && !feature('arrive') && !feature('leave') && !feature('stay'))
    add('cells_above', 1.5, trend, true);
  if (feature('centre') > 0) add('centre', feature('centre') + where * 0.5);
  if (pair && feature('comparative') > 0)
    add('which_larger', 2 + feature('comparative') + (input.cues.hasOr ? 0.5 : 0), trend);
  // "When is it most common in the UP or the LP?": the peak of each, or which of the two is higher.
  if (pair && input.cues.hasOr && high > 0 && feature('comparative') === 0)
    add('which_larger', 1.6 + high * 0.4 + (when > 0 || where > 0 ? 0 : 1));
  if (feature('rank') > 0 && !input.speciesNamed) add('rank_species', 2 + feature('rank') + high, trend);
  return readings.sort((a, b) => b.score - a.score);
}
