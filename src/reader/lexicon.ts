import { alphaCode } from './alpha-code';
import { BIRD_GROUP_WORDS, BIRD_MODIFIER_WORDS, singular } from './bird-words';
import { CUES, FOLLOW_UP_OPENERS } from './cue-words';
import { phraseWords, type Phrase } from './phrase';
import { KNOWN_PLACE_NAMES, COUNTRY_ALIASES, DISTANCE_UNITS } from './place-words';
import { NUMBER_WORDS } from './read-amounts';
import { nameWords } from './read-species';
import type { Vocabulary } from './reading';
import { PRONOUN_PHRASES, STOP_WORDS } from './stop-words';
import {
  HOLIDAYS,
  MIGRATION_PHRASE,
  MONTH_WORDS,
  ORDINAL_WORDS,
  PART_OF_MONTH,
  SEASON_PHRASES,
  WHOLE_YEAR_PHRASES,
} from './time-words';
import type { Token } from './tokenise';
import { townWords } from './town-words';

/** Every word of the built-in tables: what a question's words are checked against for typos. */
const TABLE_PHRASES: readonly Phrase[] = [
  ...CUES.map((cue) => cue.phrase),
  ...FOLLOW_UP_OPENERS,
  ...SEASON_PHRASES.map((entry) => entry.phrase),
  ...HOLIDAYS.flatMap((holiday) => holiday.phrases),
  MIGRATION_PHRASE,
  ...WHOLE_YEAR_PHRASES,
];

const TABLE_WORDS: readonly string[] = [
  ...TABLE_PHRASES.flatMap(phraseWords),
  ...STOP_WORDS,
  ...Object.keys(MONTH_WORDS),
  ...Object.keys(ORDINAL_WORDS),
  ...Object.keys(PART_OF_MONTH),
  ...BIRD_GROUP_WORDS,
  ...BIRD_MODIFIER_WORDS,
  ...KNOWN_PLACE_NAMES.flatMap((name) => name.split(' ')),
  ...Object.values(COUNTRY_ALIASES)
    .flat()
    .flatMap((alias) => alias.split(' ')),
  ...Object.keys(DISTANCE_UNITS),
  ...Object.keys(NUMBER_WORDS).flatMap((word) => word.split(' ')),
  ...PRONOUN_PHRASES.flatMap((pronoun) => pronoun.split(' ')),
  'week',
  'weeks',
  'wk',
  'wks',
  'km2',
  'mi2',
  'acre',
  'acres',
  'hectare',
  'hectares',
  'square',
  'sq',
  'kilometers',
  'kilometres',
  'half',
  'quarter',
  'radius',
  'within',
  'year',
  'peak',
  'maximum',
  'of',
  'nearby',
  'close',
  'next',
  'today',
  'tomorrow',
  'tonight',
  'yesterday',
  'currently',
  'moment',
  'weekend',
  'month',
  'season',
];

/** Table words outside the holiday phrases ("day", "eve" are words; "easter" is a name). */
const tableWordsOutsideHolidays = new Set(
  TABLE_PHRASES.filter((pattern) => !HOLIDAYS.some((holiday) => holiday.phrases.includes(pattern))).flatMap(
    phraseWords,
  ),
);

const TABLE_PREFIXES: readonly string[] = TABLE_PHRASES.flatMap((pattern) =>
  pattern.flatMap((element) => [...element.prefixes]),
);

/** The words a question is read against: the tables' and the data's (species, regions, parts, towns). */
export interface Lexicon {
  words: Set<string>;
  /** Words of the data and tables by length, for the typo search. */
  byLength: Map<number, string[]>;
  /** Table words only: the words that are no name (for "is this a common word?"). */
  tableWords: Set<string>;
  /**
   * Names a common word is easily bent into ("still" → "stilt", "easier" → "Easter"): birds the
   * data does not hold and holidays. A word becomes one of these only by a likely slip (a doubled
   * letter, a sound-alike letter, two letters swapped) or from eight letters on ("thanksgving"),
   * since the cost — a wrong out-of-scope answer or a wrong date — is high.
   */
  riskyTargets: Set<string>;
}

/** Misspelt question words too short for the edit-distance search ("wen", "wich"). */
const SHORT_MISSPELLINGS: Readonly<Record<string, string>> = {
  wen: 'when',
  whn: 'when',
  wich: 'which',
  wic: 'which',
  whch: 'which',
  wher: 'where',
  whre: 'where',
  wat: 'what',
  wht: 'what',
  hw: 'how',
  hwo: 'how',
  teh: 'the',
};
/**
 * "were are they?", "were in the state are they common?": "were" opening a question before a verb
 * or a place word is "where" ("were" itself is followed by its subject: "were they", "were there").
 */
const WHERE_BEFORE = new Set([
  'are',
  'is',
  'do',
  'does',
  'can',
  'should',
  'would',
  'will',
  'could',
  'might',
  'in',
  'near',
  'around',
  'across',
  'within',
  'on',
]);

/** "were in the UP is it…" is "where"; "were in May they…" (a time, not a place, follows) is left alone. */
function whereAfter(tokens: readonly Token[]): boolean {
  const next = tokens[1]?.text ?? '';
  if (!WHERE_BEFORE.has(next)) return false;
  const after = tokens[2]?.text ?? '';
  return !(next === 'in' && (MONTH_WORDS[after] !== undefined || /^\d/.test(after)));
}

/** Letters that sound alike, for telling a likely typo from an unlikely one ("chanse" → "chance", not "change"). */
const SOUND_ALIKE: readonly string[] = [
  'cs',
  'ck',
  'sz',
  'iy',
  'ae',
  'ei',
  'ou',
  'mn',
  'fv',
  'dt',
  'bp',
  'gj',
  'qk',
  'xz',
];

const LEXICONS = new WeakMap<Vocabulary, Lexicon>();

export function lexiconFor(vocabulary: Vocabulary): Lexicon {
  const cached = LEXICONS.get(vocabulary);
  if (cached) return cached;
  const tableWords = new Set(TABLE_WORDS);
  const words = new Set(TABLE_WORDS);
  for (const species of vocabulary.species)
    for (const word of [...nameWords(species.common_name), ...nameWords(species.scientific_name)])
      words.add(word);
  for (const species of vocabulary.species) {
    words.add(species.code.toLowerCase());
    words.add(alphaCode(species.common_name).toLowerCase());
  }
  for (const region of vocabulary.regions)
    for (const word of [...nameWords(region.name), ...nameWords(region.code)]) words.add(word);
  for (const part of vocabulary.parts)
    for (const word of [part.name, ...part.aliases].flatMap(nameWords)) words.add(word);
  for (const place of vocabulary.places)
    for (const word of [...nameWords(place.name), ...townWords(place.name)]) words.add(word);
  const byLength = new Map<number, string[]>();
  for (const word of words) {
    if (word.length < 4 || !/^[a-z]+$/.test(word)) continue;
    // Pushed, not copied: copying the list per word made this quadratic, 16 ms of the first question (Node profile, 2026-12-07).
    const sameLength = byLength.get(word.length);
    if (sameLength) sameLength.push(word);
    else byLength.set(word.length, [word]);
  }
  const dataWords = new Set(vocabulary.species.flatMap((species) => nameWords(species.common_name)));
  const riskyTargets = new Set([...BIRD_GROUP_WORDS].filter((word) => !dataWords.has(word)));
  for (const holiday of HOLIDAYS)
    for (const pattern of holiday.phrases)
      for (const word of phraseWords(pattern))
        if (!tableWordsOutsideHolidays.has(word)) riskyTargets.add(word);
  const lexicon = { words, byLength, tableWords, riskyTargets };
  LEXICONS.set(vocabulary, lexicon);
  return lexicon;
}

export function isKnown(lexicon: Lexicon, word: string): boolean {
  return (
    lexicon.words.has(word) ||
    lexicon.words.has(singular(word)) ||
    TABLE_PREFIXES.some((prefix) => word.startsWith(prefix))
  );
}

/** A word of the built-in tables (a function word, a cue, a month): not a name. */
export function isCommonWord(lexicon: Lexicon, word: string): boolean {
  return lexicon.tableWords.has(word) || TABLE_PREFIXES.some((prefix) => word.startsWith(prefix));
}

/**
 * Fixes typos in place: a word no table or data name holds, of five letters or more, becomes
 * the one known word within one edit (two from eight letters: "sapsuker", "abundent",
 * "michgan"), when exactly one word is that close. Returns a note per fix.
 */
export function correctTypos(tokens: Token[], lexicon: Lexicon): string[] {
  const notes: string[] = [];
  tokens.forEach((token, index) => {
    const fixed =
      SHORT_MISSPELLINGS[token.text] ??
      (token.text === 'were' && index === 0 && whereAfter(tokens) ? 'where' : undefined);
    if (fixed === undefined) return;
    notes.push(`I read '${token.raw.replace(/[.?!,;:]+$/, '')}' as '${fixed}'.`);
    token.text = fixed;
  });
  for (const token of tokens) {
    const word = token.text;
    if (word.length < 5 || !/^[a-z]+$/.test(word) || isKnown(lexicon, word)) continue;
    const limit = word.length >= 8 ? 2 : 1;
    let best: string | undefined;
    // Ranked by (edits, unlikeliness): of two words one edit away, the likely slip wins ("seing" → "seeing", not "sing").
    let bestRank = [limit + 1, 2];
    let tie = false;
    for (let length = word.length - limit; length <= word.length + limit; length++) {
      for (const candidate of lexicon.byLength.get(length) ?? []) {
        // Typos keep the first letter or swap the first two; checking only those keeps a 5,000-town gazetteer under 1 ms a word.
        if (candidate[0] !== word[0] && !(candidate[0] === word[1] && candidate[1] === word[0])) continue;
        const distance = editDistance(word, candidate, limit);
        if (distance > limit) continue;
        const unlikely = likelySlip(word, candidate) ? 0 : 1;
        if (unlikely === 1 && word.length < 8 && lexicon.riskyTargets.has(candidate)) continue;
        const rank = [distance, unlikely];
        const order = rank[0]! - bestRank[0]! || rank[1]! - bestRank[1]!;
        if (order < 0) {
          best = candidate;
          bestRank = rank;
          tie = false;
        } else if (order === 0 && candidate !== best) tie = true;
      }
    }
    const bestDistance = bestRank[0]!;
    if (best && !tie && bestDistance <= limit) {
      notes.push(`I read '${token.raw.replace(/[.?!,;:]+$/, '')}' as '${best}'.`);
      token.text = best;
    }
  }
  return notes;
}

/**
 * A slip people make often: a doubled or undoubled letter ("seing", "bigest"), a sound-alike
 * letter ("chanse"), or two neighbours swapped ("wierd").
 */
export function likelySlip(word: string, candidate: string): boolean {
  const single = (text: string) => text.replace(/(.)\1+/g, '$1');
  if (single(word) === single(candidate)) return true;
  if (word.length !== candidate.length) return false;
  const differ = [...word]
    .map((letter, index) => (letter === candidate[index] ? -1 : index))
    .filter((index) => index >= 0);
  if (differ.length === 1) {
    const pair = [word[differ[0]!]!, candidate[differ[0]!]!].sort().join('');
    return SOUND_ALIKE.includes(pair);
  }
  return (
    differ.length === 2 &&
    differ[1] === differ[0]! + 1 &&
    word[differ[0]!] === candidate[differ[1]!] &&
    word[differ[1]!] === candidate[differ[0]!]
  );
}

/** Optimal string alignment distance (Levenshtein with adjacent transpositions), giving up above `limit`. */
export function editDistance(a: string, b: string, limit: number): number {
  if (Math.abs(a.length - b.length) > limit) return limit + 1;
  const rows: number[][] = [Array.from({ length: b.length + 1 }, (_, index) => index)];
  for (let i = 1; i <= a.length; i++) {
    const row = [i];
    let rowMin = i;
    for (let j = 1; j <= b.length; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      let value = Math.min(rows[i - 1]![j]! + 1, row[j - 1]! + 1, rows[i - 1]![j - 1]! + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1])
        value = Math.min(value, rows[i - 2]![j - 2]! + 1);
      row.push(value);
      rowMin = Math.min(rowMin, value);
    }
    if (rowMin > limit) return limit + 1;
    rows.push(row);
  }
  return rows[a.length]![b.length]!;
}
