import type { Measure, Season } from '../frame/query-frame';
import { CUES, type Feature } from './cue-words';
import { matchPhrase, startsWithBird } from './phrase';
import type { Token } from './tokenise';

/** The cues of a question, summed. */
export interface CueReading {
  features: Partial<Record<Feature, number>>;
  measures: Partial<Record<Measure, number>>;
  interval: boolean;
  headCount: boolean;
  topic: boolean;
  data: boolean;
  /** Whether any cue matched. */
  any: boolean;
  /** Tokens where "or" joins two things ("in May or in June", "UP or LP"). */
  hasOr: boolean;
  /** "How big is the sapsucker?": the bird's size, unless the question also names its range. */
  bodySize: boolean;
  /** The season a verb names ("do they nest in the UP?": the breeding season). */
  season?: Season;
  /** Measures named by their word ("abundance", "chance"), for telling the verb "count" from the measure. */
  namedMeasures: Set<Measure>;
  /** The count score the verb "count" added ("would I count"). */
  countVerb: number;
}

/** Cues that start on the species mention ("they nest", "sapsuckers still around"). */
const BIRD_CUES = CUES.filter((cue) => startsWithBird(cue.phrase));

/**
 * Sums every cue of the table found on the free tokens: at each position the longest phrase
 * wins and claims its tokens, so "how many weeks" is one cue (a stay), not "how many" + "weeks".
 * `birds` marks the tokens of the species mentions and pronouns (for `@bird` in a phrase): a cue
 * may start on them only when its phrase starts with `@bird`.
 */
export function readCues(
  tokens: readonly Token[],
  used: boolean[],
  birds: readonly boolean[] = [],
): CueReading {
  const reading: CueReading = {
    features: {},
    measures: {},
    interval: false,
    headCount: false,
    topic: false,
    data: false,
    any: false,
    hasOr: false,
    bodySize: false,
    namedMeasures: new Set(),
    countVerb: 0,
  };
  for (let at = 0; at < tokens.length; at++) {
    const candidates = used[at] ? (birds[at] && !birds[at - 1] ? BIRD_CUES : []) : CUES;
    let best: { end: number; cue: (typeof CUES)[number] } | undefined;
    for (const cue of candidates) {
      const end = matchPhrase(cue.phrase, tokens, at, used, birds);
      if (end > 0 && (!best || end > best.end)) best = { end, cue };
    }
    if (!best) continue;
    const { end, cue } = best;
    for (const [feature, weight] of Object.entries(cue.features ?? {}))
      reading.features[feature as Feature] = (reading.features[feature as Feature] ?? 0) + weight;
    // A size cue's measure counts only once the question names a range (read-question decides).
    if (!cue.bodySize)
      for (const [measure, weight] of Object.entries(cue.measures ?? {}))
        reading.measures[measure as Measure] = (reading.measures[measure as Measure] ?? 0) + weight;
    if (cue.interval) reading.interval = true;
    if (cue.headCount) reading.headCount = true;
    if (cue.topic) reading.topic = true;
    if (cue.data) reading.data = true;
    if (cue.bodySize) reading.bodySize = true;
    if (cue.season) reading.season = cue.season;
    if (cue.namedMeasure)
      for (const measure of Object.keys(cue.measures ?? {})) reading.namedMeasures.add(measure as Measure);
    if (cue.countVerb) reading.countVerb += cue.measures?.count ?? 0;
    reading.any = true;
    for (let position = at; position < end; position++) used[position] = true;
    at = end - 1;
  }
  reading.hasOr = tokens.some((token) => token.text === 'or');
  return reading;
}
