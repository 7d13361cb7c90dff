import {
  queryFrameSchema,
  SEASON_NAMES,
  type Measure,
  type Operation,
  type PlaceSpec,
  type QueryFrame,
  type TimeSpec,
} from '../frame/query-frame';
import { parseIsoDate } from './calendar';
import { FOLLOW_UP_OPENERS } from './cue-words';
import { fits, LISTING_OPERATIONS, THRESHOLD_OPERATIONS } from './fitting-operations';
import { correctTypos, isCommonWord, lexiconFor } from './lexicon';
import { matchPhrase } from './phrase';
import { placeIndex, readPlaces, type PlaceIndex } from './read-place';
import { addTrendWindowCue, dropArrivalOnANamedDay, dropCountVerbBesideMeasure } from './part-cues';
import { readAmounts, readPeakShare } from './read-amounts';
import { readBarePart, readBareThreshold } from './read-follow-up-parts';
import { readCues, type CueReading } from './read-cues';
import { readSpecies, speciesNames, type SpeciesName } from './read-species';
import { readStraySubject } from './read-stray-subject';
import { readTimes } from './read-time';
import type { Alternative, OutOfScope, Reading, ReaderClock, Vocabulary } from './reading';

type QueryFrameKey = keyof QueryFrame;
import { BASE_SCORE, scoreReadings, type ScoredReading } from './score-readings';
import { STOP_WORDS } from './stop-words';
import { summariseFrame } from './summarise-frame';
import { tokenise, typedWords, type Token } from './tokenise';

export interface ReadContext {
  vocabulary: Vocabulary;
  /** The previous question's frame, for follow-ups ("and in winter?") and pronouns ("it"). */
  previous?: QueryFrame;
  /** The frame before `previous`, for "which of the two?" after "week 20?" and "and week 30?". */
  before?: QueryFrame;
  clock: ReaderClock;
}

/** Readings whose score is within this share of the best are offered as alternatives. */
const CLOSE_SCORE = 0.8;

interface VocabularyIndex {
  names: SpeciesName[];
  places: PlaceIndex;
  /** Words of region, part and town names ("michigan"), so "Michigan's sapsuckers" is no bird name. */
  placeWords: Set<string>;
}
const INDEXES = new WeakMap<Vocabulary, VocabularyIndex>();

function indexFor(vocabulary: Vocabulary): VocabularyIndex {
  const cached = INDEXES.get(vocabulary);
  if (cached) return cached;
  const lexicon = lexiconFor(vocabulary);
  const places = placeIndex(vocabulary, (word) => isCommonWord(lexicon, word));
  const placeWords = new Set([...places.names.flatMap((name) => name.words), ...places.towns.keys()]);
  const index = { names: speciesNames(vocabulary), places, placeWords };
  INDEXES.set(vocabulary, index);
  return index;
}

/**
 * Reads one question into a frame: the text is cut into tokens once, then each part is found by
 * its table in a fixed order — times (so "may" the month is taken before "may" the verb),
 * species, places, amounts (top n, threshold, units), then the measure and operation cues,
 * scored together. Parts the question does not name come from the previous frame when it is a
 * follow-up. Pure and deterministic.
 */
export function readQuestion(text: string, context: ReadContext): Reading {
  const { vocabulary, previous } = context;
  const lexicon = lexiconFor(vocabulary);
  const index = indexFor(vocabulary);
  const tokens = tokenise(text);
  const notes = correctTypos(tokens, lexicon);
  const used = tokens.map(() => false);
  const opener = readOpener(tokens, used);
  const today = parseIsoDate(context.clock.today);
  const time = readTimes(tokens, used, { release: vocabulary.release, ...(today ? { today } : {}) });
  // A lower-case banding code ("ybsa") is a code unless it is a word of the tables or a place; the data's own codes are in the lexicon too.
  const species = readSpecies(
    text,
    tokens,
    used,
    index.names,
    (word) => isCommonWord(lexicon, word) || index.placeWords.has(word),
    (word) => index.placeWords.has(word),
  );
  const place = readPlaces(text, tokens, used, index.places, vocabulary, (word) =>
    isCommonWord(lexicon, word),
  );
  const peakShare = readPeakShare(tokens, used);
  const amounts = readAmounts(tokens, used);
  // A follow-up may name only the changed part: "same for southern", "and at 0.6?".
  const barePart =
    previous && place.places.length === 0 && place.outside.length === 0
      ? readBarePart(tokens, used, vocabulary, previous)
      : undefined;
  if (barePart) place.places.push({ spec: barePart.spec, label: barePart.name, from: -1, to: -1 });
  const threshold =
    amounts.threshold ?? peakShare ?? (previous ? readBareThreshold(tokens, used, previous) : undefined);
  const birds = birdMask(tokens, species);
  const cues = readCues(tokens, used, birds);
  addAmountCues(cues, amounts);
  addTrendWindowCue(cues, time.years, tokens, vocabulary);
  dropArrivalOnANamedDay(cues, time.times);
  dropCountVerbBesideMeasure(cues);
  notes.push(...time.notes, ...place.notes, ...amounts.notes);
  const unknown = unknownWords(text, tokens, used);
  const outOfScope: OutOfScope[] = [
    ...species.outside.map((entry) => ({ reason: 'species' as const, words: entry.words })),
    ...place.outside.map((entry) => ({ reason: 'place' as const, words: entry.words })),
  ];
  const empty = (extra: Partial<Reading> = {}): Reading => ({
    summary: '',
    unknown,
    alternatives: [],
    outOfScope,
    notes,
    carried: [],
    ...extra,
  });

  const speciesNamed = species.mentions.length > 0;
  const namedPlaces = place.places.map((entry) => entry.spec).slice(0, 2);
  const pair = previous
    ? pairOfContext(cues, !speciesNamed || species.pronoun, previous, context.before, {
        times: time.times,
        places: namedPlaces,
        species: species.mentions.map((mention) => mention.codes[0]!),
      })
    : undefined;
  const namedTimes = pair?.kind === 'times' ? pair.times : time.times;
  const places = pair?.kind === 'places' ? pair.places : namedPlaces;
  const items = Math.max(species.mentions.length, namedTimes.length, places.length, pair ? 2 : 0);
  const areaUnit = amounts.units !== undefined && amounts.units.unit !== 'percent';
  if (cues.bodySize) {
    // "How big is the sapsucker?" is its size; "how big is the sapsucker's range?" the range.
    if ((cues.measures.range_area ?? 0) > 0) cues.measures.range_area! += 2.5;
    else cues.topic = true;
  }
  const scored = scoreReadings({
    cues,
    items,
    speciesNamed,
    hasThreshold: threshold !== undefined,
    hasTopN: amounts.topN !== undefined,
    hasWeeks: namedTimes.some((entry) => entry.kind !== 'year'),
    areaUnit,
    weeklyBefore:
      previous !== undefined &&
      !speciesNamed &&
      (previous.operation === 'biggest_rise' || previous.operation === 'biggest_drop'),
  });
  const [best] = scored;
  const operationGiven = best!.score > BASE_SCORE && !(best!.weak && previous !== undefined);
  const cueMeasure = measureOfCues(cues, areaUnit, threshold?.percent === true);
  const measureGiven = best!.measure !== undefined || cueMeasure !== undefined;
  const headCount = cues.headCount || isHeadCount(cues, amounts.units !== undefined, operationGiven, best!);
  if (headCount) outOfScope.push({ reason: 'head_count', words: typedWords(text, tokens, 0, tokens.length) });

  if (cues.data && !speciesNamed && !(best!.operation === 'rank_species'))
    return empty({ request: 'data_overview' });
  const anyPart =
    speciesNamed ||
    species.pronoun ||
    namedTimes.length > 0 ||
    places.length > 0 ||
    operationGiven ||
    measureGiven ||
    threshold ||
    amounts.topN ||
    cues.interval ||
    headCount;
  if (!anyPart) return empty();
  if (cues.topic && !operationGiven && !measureGiven) {
    outOfScope.push({ reason: 'topic', words: typedWords(text, tokens, 0, tokens.length) });
    return empty();
  }
  if (species.outside.length > 0 && !speciesNamed) return empty();
  // "where can I see a moose", "a good restaurant in Traverse City": an unknown thing asked about where the species would be.
  const stray =
    !speciesNamed && !species.pronoun
      ? readStraySubject(text, tokens, (position) => !used[position], cues.namedMeasures.size > 0)
      : undefined;
  if (stray) {
    outOfScope.push(stray);
    return empty();
  }
  if (place.outside.length > 0 && places.length === 0) return empty();

  const isFollowUp =
    previous !== undefined &&
    (opener || pair !== undefined || (!speciesNamed && !operationGiven && !measureGiven));
  const leansOnPrevious = previous !== undefined && !speciesNamed;
  const carried: QueryFrameKey[] = [];

  // ── species
  let speciesCodes: string[];
  const speciesAlternatives: string[][] = [];
  if (pair?.kind === 'species') speciesCodes = pair.species;
  else if (speciesNamed) {
    speciesCodes = species.mentions.slice(0, 2).map((mention) => mention.codes[0]!);
    const ambiguous = species.mentions.find((mention) => mention.codes.length > 1);
    if (ambiguous)
      for (const code of ambiguous.codes.slice(1, 3))
        speciesAlternatives.push(
          speciesCodes.map((chosen) => (chosen === ambiguous.codes[0] ? code : chosen)),
        );
    for (const mention of species.mentions) {
      if (mention.how === 'name' || mention.how === 'scientific') continue;
      const name = vocabulary.species.find((entry) => entry.code === mention.codes[0])?.common_name;
      notes.push(
        `I read '${typedWords(text, tokens, mention.from, mention.to)}' as ${name} (${mention.codes[0]}).`,
      );
    }
  } else if (leansOnPrevious && previous.species.length > 0) {
    speciesCodes = [...previous.species];
    carried.push('species');
  } else if (vocabulary.species.length === 1) {
    speciesCodes = [vocabulary.species[0]!.code];
    notes.push(
      `You did not name a species; the data holds exactly one, ${vocabulary.species[0]!.common_name} (${vocabulary.species[0]!.code}), so I read the question as about it.`,
    );
  } else {
    speciesCodes = [];
    if (best!.operation !== 'rank_species' && vocabulary.species.length > 1) {
      speciesCodes = [vocabulary.species[0]!.code];
      for (const entry of vocabulary.species.slice(1, 3)) speciesAlternatives.push([entry.code]);
      notes.push('You did not name a species; the data holds several.');
    }
  }
  if (speciesCodes.length === 0 && best!.operation !== 'rank_species' && vocabulary.species.length === 0)
    return empty();

  // ── measure and operation
  // A question leaning on the previous one keeps its measure unless it names one ("how many cells are at 0.3 or more?" after a chance).
  const pick = (reading: ScoredReading) =>
    resolveMeasureOperation(
      reading,
      cueMeasure,
      operationGiven,
      measureGiven,
      isFollowUp ? previous : undefined,
      leansOnPrevious ? previous : undefined,
      threshold !== undefined,
      carried,
    );
  const chosen = pick(best!);

  // ── times, places and the rest
  const keepTimes = (times: TimeSpec[], measure: Measure) =>
    measure === 'trend' || measure === 'range_area' ? times.filter((entry) => entry.kind !== 'weeks') : times;
  let times: TimeSpec[] = namedTimes;
  if (pair?.kind === 'times') carried.push('times');
  if (times.length === 0 && cues.season) times = [{ kind: 'season', season: cues.season }];
  // A follow-up keeps the time; so does a refinement of the same question ("just the top 3 in the UP", "in square miles").
  const refines =
    leansOnPrevious && chosen.operation === previous.operation && chosen.measure === previous.measure;
  if (times.length === 0 && (isFollowUp || refines) && previous!.times.length > 0) {
    times = keepTimes(previous!.times, chosen.measure);
    if (times.length > 0) carried.push('times');
  }
  let framePlaces: PlaceSpec[] = places;
  if (pair?.kind === 'places') carried.push('places');
  if (framePlaces.length === 0 && leansOnPrevious && previous.places.length > 0) {
    framePlaces = previous.places;
    carried.push('places');
  }
  // "In which season is it most common?": the four seasons side by side, the largest named.
  const bySeason =
    asksWhichSeason(tokens) && chosen.measure !== 'trend' && chosen.operation !== 'rank_species';
  const frame: QueryFrame = {
    species: chosen.operation === 'rank_species' ? [] : speciesCodes,
    measure: chosen.measure,
    operation: bySeason ? 'which_larger' : chosen.operation,
    times: bySeason ? SEASON_NAMES.map((season) => ({ kind: 'season' as const, season })) : times,
    places: framePlaces,
  };
  const frameThreshold = threshold
    ? { value: threshold.value, of: threshold.of }
    : isFollowUp && previous.threshold
      ? previous.threshold
      : undefined;
  if (frameThreshold && THRESHOLD_OPERATIONS.includes(frame.operation)) {
    frame.threshold = frameThreshold;
    if (!threshold) carried.push('threshold');
  }
  const topN = amounts.topN?.value ?? (isFollowUp ? previous.top_n : undefined);
  if (topN !== undefined && LISTING_OPERATIONS.includes(frame.operation)) {
    frame.top_n = topN;
    if (!amounts.topN) carried.push('top_n');
  }
  const percentUnit =
    (cues.features.share ?? 0) > 0 && frame.measure === 'range_area' ? ('percent' as const) : undefined;
  const units = amounts.units?.unit ?? percentUnit ?? (isFollowUp ? previous.units : undefined);
  if (units && frame.measure === 'range_area') {
    frame.units = units;
    if (!amounts.units && !percentUnit) carried.push('units');
  }
  if (cues.interval) frame.interval = true;
  else if (isFollowUp && previous.interval) {
    frame.interval = true;
    carried.push('interval');
  }
  if (headCount) Object.assign(frame, { measure: 'proportion_population', operation: 'value' });

  // ── years
  for (const year of time.years) {
    if (year.year === vocabulary.release) {
      notes.push(`${year.year} is the year of the weekly estimates.`);
      continue;
    }
    // "in the 2022 release": the data keeps an older release of the species under its own code.
    const olderRelease = readOlderRelease(frame.species, year.year, vocabulary);
    if (olderRelease) {
      frame.species = olderRelease.species;
      notes.push(olderRelease.note);
      continue;
    }
    const trendYears = vocabulary.trendYears;
    if (
      frame.measure === 'trend' &&
      trendYears &&
      year.year >= trendYears.start &&
      year.year <= trendYears.end
    ) {
      notes.push(
        `The trend covers ${trendYears.start}–${trendYears.end} as one rate per year; ${year.year} lies inside it.`,
      );
      continue;
    }
    outOfScope.push({ reason: 'year', words: typedWords(text, tokens, year.from, year.to) });
  }

  const valid = queryFrameSchema.parse(frame);
  const alternatives = alternativesOf(
    valid,
    scored,
    chosen,
    time.alternatives,
    speciesAlternatives,
    (reading) => pick(reading),
    vocabulary,
  );
  return {
    frame: valid,
    summary: summariseFrame(valid, vocabulary),
    unknown,
    alternatives,
    outOfScope,
    notes,
    carried,
  };
}

/** The tokens of the species mentions and pronouns: where a cue's `@bird` matches. */
function birdMask(tokens: readonly Token[], species: ReturnType<typeof readSpecies>): boolean[] {
  const mask = tokens.map(() => false);
  for (const span of [...species.mentions, ...species.pronouns])
    for (let index = span.from; index < span.to; index++) mask[index] = true;
  return mask;
}

/** What the amounts say about the operation and measure: "the 3 lowest cells" asks for the bottom; "half of checklists" is a chance. */
function addAmountCues(cues: CueReading, amounts: ReturnType<typeof readAmounts>): void {
  const direction = amounts.topN?.direction;
  if (direction) cues.features[direction] = (cues.features[direction] ?? 0) + 1;
  if (amounts.threshold?.ofChecklists) cues.measures.occurrence = (cues.measures.occurrence ?? 0) + 3;
}

type Pair =
  | { kind: 'times'; times: TimeSpec[] }
  | { kind: 'places'; places: PlaceSpec[] }
  | { kind: 'species'; species: string[] };

/**
 * Two things compared across turns: "compare that with the LP" after a question about the UP
 * (the previous one and the one named now), or "which of the two?" after "week 20?" and "and week
 * 30?" (the previous two questions, when they differ in that part only). Only with a comparison
 * word, and only when exactly one part qualifies.
 */
function pairOfContext(
  cues: CueReading,
  leans: boolean,
  previous: QueryFrame,
  before: QueryFrame | undefined,
  named: { times: TimeSpec[]; places: PlaceSpec[]; species: string[] },
): Pair | undefined {
  const feature = (name: 'compare' | 'comparative' | 'pair') => (cues.features[name] ?? 0) > 0;
  if (!feature('compare') && !feature('pair') && !(leans && feature('comparative'))) return undefined;
  const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);
  const withoutLabel = (time: TimeSpec) =>
    time.kind === 'weeks' ? { kind: time.kind, from: time.from, to: time.to } : time;
  const kinds = [
    {
      kind: 'times' as const,
      named: named.times,
      previous: previous.times,
      before: before?.times,
      key: withoutLabel,
    },
    {
      kind: 'places' as const,
      named: named.places,
      previous: previous.places,
      before: before?.places,
      key: (place: PlaceSpec) => place,
    },
    {
      kind: 'species' as const,
      named: named.species,
      previous: previous.species,
      before: before?.species,
      key: (code: string) => code,
    },
  ];
  const found: Pair[] = [];
  const make = (kind: 'times' | 'places' | 'species', values: unknown[]): Pair =>
    ({ kind, [kind]: values }) as Pair;
  for (const entry of kinds) {
    const { named: now, previous: last } = entry as { named: unknown[]; previous: unknown[] };
    const key = entry.key as (value: unknown) => unknown;
    if (now.length === 1 && last.length === 1 && !same(key(now[0]), key(last[0])))
      found.push(make(entry.kind, [last[0], now[0]]));
  }
  if (
    found.length === 0 &&
    feature('pair') &&
    named.times.length + named.places.length + named.species.length === 0 &&
    before
  ) {
    // "which of the two": the two previous questions, differing in one part.
    const differing = kinds.filter(
      (entry) =>
        !same(
          (entry.previous as unknown[]).map(entry.key as (value: unknown) => unknown),
          ((entry.before ?? []) as unknown[]).map(entry.key as (value: unknown) => unknown),
        ),
    );
    const [only] = differing;
    if (differing.length === 1 && only && only.previous.length === 1 && (only.before ?? []).length === 1)
      found.push(make(only.kind, [(only.before as unknown[])[0], only.previous[0]]));
  }
  return found.length === 1 ? found[0] : undefined;
}

/** "and", "what about", "ok and", "how about" at the start of the question. */
function readOpener(tokens: readonly Token[], used: boolean[]): boolean {
  let at = 0;
  let found = false;
  for (let round = 0; round < 3; round++) {
    let end = -1;
    for (const pattern of FOLLOW_UP_OPENERS) end = Math.max(end, matchPhrase(pattern, tokens, at, used));
    if (end < 0) break;
    for (let index = at; index < end; index++) used[index] = true;
    at = end;
    found = true;
  }
  return found;
}

function measureOfCues(cues: CueReading, areaUnit: boolean, percentThreshold: boolean): Measure | undefined {
  const scores = { ...cues.measures };
  if (areaUnit) scores.range_area = (scores.range_area ?? 0) + 2;
  // "share of the population", "percent of all sapsuckers": a share with a population word (not of the area).
  const [share, population, area] = [
    cues.features.share ?? 0,
    cues.features.population ?? 0,
    cues.features.area ?? 0,
  ];
  if (share > 0 && population > 0 && area <= population)
    scores.proportion_population = (scores.proportion_population ?? 0) + 3 + share;
  // "at least 0.1% of the population": a percentage threshold of the population.
  if (percentThreshold && population > 0 && share === 0)
    scores.proportion_population = (scores.proportion_population ?? 0) + 3;
  // "how many would I see", "how many per checklist": the expected count on a checklist (relative
  // abundance, zeros included), even where the words are those of a chance; a count where detected only when said so.
  const howMany = (cues.features.how_many ?? 0) > 0 && area === 0;
  if (howMany && (scores.occurrence ?? 0) > 0) {
    scores.abundance = (scores.abundance ?? 0) + scores.occurrence!;
    delete scores.occurrence;
  }
  if (howMany && (cues.features.checklist ?? 0) > 0) scores.abundance = (scores.abundance ?? 0) + 2;
  const ranked = (Object.entries(scores) as [Measure, number][])
    .filter(([, score]) => score >= 0.8)
    .sort((a, b) => b[1] - a[1]);
  return ranked[0]?.[0];
}

/** "How many sapsuckers are in Michigan?": a count of birds, not of weeks, cells or birds per checklist. */
function isHeadCount(
  cues: CueReading,
  units: boolean,
  operationGiven: boolean,
  best: ScoredReading,
): boolean {
  if ((cues.features.how_many ?? 0) <= 0) return false;
  if (
    (cues.measures.count ?? 0) > 0 ||
    units ||
    (cues.features.area ?? 0) > 0 ||
    (cues.features.checklist ?? 0) > 0
  )
    return false;
  return !operationGiven || best.operation === 'value';
}

/**
 * The measure and operation of one scored reading: named ones win; a follow-up keeps the
 * previous ones where the question names none and they still fit ("and the winter range?" after
 * "where highest" → value, since a range area has no places to rank).
 */
function resolveMeasureOperation(
  reading: ScoredReading,
  cueMeasure: Measure | undefined,
  operationGiven: boolean,
  measureGiven: boolean,
  previous: QueryFrame | undefined,
  measureFrom: QueryFrame | undefined,
  hasThreshold: boolean,
  carried: QueryFrameKey[],
): { measure: Measure; operation: Operation } {
  let operation: Operation = reading.operation;
  let measure: Measure | undefined = reading.measure ?? cueMeasure;
  const note = (key: QueryFrameKey) => {
    if (!carried.includes(key)) carried.push(key);
  };
  if (!operationGiven && previous) {
    operation =
      hasThreshold && !THRESHOLD_OPERATIONS.includes(previous.operation) ? 'cells_above' : previous.operation;
    if (operation === previous.operation) note('operation');
  }
  if (!measureGiven && measureFrom && fits(measureFrom.measure, operation)) {
    measure = measureFrom.measure;
    note('measure');
  }
  measure ??= 'abundance';
  if (!fits(measure, operation)) {
    // The named part wins: a named operation with a carried measure drops the measure, and the other way round.
    if (operationGiven || !measureGiven) measure = 'abundance';
    else operation = 'value';
    if (!fits(measure, operation)) operation = 'value';
  }
  return { measure, operation };
}

function unknownWords(text: string, tokens: readonly Token[], used: readonly boolean[]): string[] {
  const words: string[] = [];
  tokens.forEach((token, index) => {
    if (used[index] || STOP_WORDS.has(token.text) || /^[-#<>=]+$/.test(token.text)) return;
    words.push(typedWords(text, tokens, index, index + 1));
  });
  return words;
}

function alternativesOf(
  frame: QueryFrame,
  scored: ScoredReading[],
  chosen: { measure: Measure; operation: Operation },
  timeAlternatives: { label: string; times: TimeSpec[] }[],
  speciesAlternatives: string[][],
  pick: (reading: ScoredReading) => { measure: Measure; operation: Operation },
  vocabulary: Vocabulary,
): Alternative[] {
  const frames: QueryFrame[] = [];
  const best = scored[0]!;
  for (const reading of scored.slice(1)) {
    if (reading.score < best.score * CLOSE_SCORE) break;
    const other = pick(reading);
    if (other.measure === chosen.measure && other.operation === chosen.operation) continue;
    const { threshold: _threshold, top_n: _topN, ...rest } = frame;
    frames.push({ ...rest, ...other, species: other.operation === 'rank_species' ? [] : frame.species });
  }
  for (const alternative of timeAlternatives) frames.push({ ...frame, times: alternative.times });
  for (const codes of speciesAlternatives) frames.push({ ...frame, species: codes });
  const valid = frames.flatMap((candidate) => {
    const parsed = queryFrameSchema.safeParse(candidate);
    return parsed.success ? [parsed.data] : [];
  });
  const unique = [frame, ...valid].filter(
    (candidate, index, all) =>
      all.findIndex((other) => JSON.stringify(other) === JSON.stringify(candidate)) === index,
  );
  if (unique.length < 2) return [];
  return unique
    .slice(0, 3)
    .map((candidate) => ({ label: summariseFrame(candidate, vocabulary), frame: candidate }));
}

/** "which season", "what season", "in which season", "what time of year": the question compares the seasons. */
function asksWhichSeason(tokens: readonly Token[]): boolean {
  for (let index = 0; index < tokens.length - 1; index++) {
    if (tokens[index]!.text !== 'which' && tokens[index]!.text !== 'what') continue;
    const next = tokens[index + 1]!.text;
    if (next === 'season' || next === 'seasons') return true;
    if (next === 'time' && tokens[index + 2]?.text === 'of' && tokens[index + 3]?.text === 'year')
      return true;
  }
  return false;
}

/** The frame's species with each one that has a release of `year` switched to it, or undefined when none has. */
function readOlderRelease(
  species: readonly string[],
  year: number,
  vocabulary: Vocabulary,
): { species: string[]; note: string } | undefined {
  const older = vocabulary.olderReleases ?? [];
  const switched = species.map(
    (code) => older.find((entry) => entry.of === code && entry.release === year)?.code ?? code,
  );
  const changed = switched.filter((code, index) => code !== species[index]);
  if (changed.length === 0) return undefined;
  return {
    species: switched,
    note: `I read ${year} as eBird's ${year} release, kept apart in this data as ${changed.join(', ')}; eBird advises against comparing releases.`,
  };
}
