import { ANIMAL_WORDS } from './animal-words';
import { singular } from './bird-words';
import type { OutOfScope } from './reading';
import { STOP_WORDS } from './stop-words';
import { typedWords, type Token } from './tokenise';

/** Words that open a noun phrase in the subject or object slot: "a moose", "any good campgrounds", "the best pizza". */
const DETERMINERS = new Set(['a', 'an', 'any', 'some', 'the', 'no']);
/** Adjectives between a determiner and its noun ("a good restaurant", "the best pizza"); skipped, used or not. */
const ADJECTIVES = new Set([
  'good',
  'best',
  'nice',
  'great',
  'cheap',
  'decent',
  'top',
  'local',
  'public',
  'big',
  'small',
  'free',
  'open',
]);
/** After these a noun phrase names a place, not the thing asked about: "in the state", "at my feeder", "on a birding list". */
const PLACE_LEADS = new Set([
  'in',
  'at',
  'on',
  'near',
  'around',
  'by',
  'from',
  'to',
  'into',
  'of',
  'inside',
  'within',
  'across',
  'throughout',
  'outside',
  'through',
  'for',
  'with',
]);
const PLACE_PREPOSITIONS = new Set(['in', 'near', 'around', 'at', 'nearby', 'close']);
const BE = new Set(['is', 'are', 'was', 'were']);

/**
 * A thing the question asks about that is neither the data's species nor a place: an animal
 * ("where can I see a moose in Michigan" → species) or any other noun the reader does not know
 * standing where the species would ("what's a good restaurant in Traverse City", "is there a
 * hotel near Lansing", "where is parking near Marquette" → topic). Only asked when the question
 * names no species and no pronoun: "when do they arrive in my backyard?" is about the bird, and
 * "backyard" (after "in my") stands in a place's slot anyway. `free` marks the tokens no reader
 * claimed; `namesMeasure`: the question names a measure by its word ("abundance", "chance").
 */
export function readStraySubject(
  text: string,
  tokens: readonly Token[],
  free: (index: number) => boolean,
  namesMeasure: boolean,
): OutOfScope | undefined {
  for (let at = 0; at < tokens.length; at++) {
    const word = tokens[at]!.text;
    if (!free(at) || STOP_WORDS.has(word) || !/^[a-z]+$/.test(word)) continue;
    if (ANIMAL_WORDS.has(word) || ANIMAL_WORDS.has(singular(word)))
      return { reason: 'species', words: typedWords(text, tokens, at, at + 1) };
    // A question naming a measure ("the sapsucker abundance in the busiest campground") asks for data; the noun is only not understood.
    if (namesMeasure) continue;
    const from = nounPhraseStart(tokens, at, free);
    if (from !== undefined) return { reason: 'topic', words: typedWords(text, tokens, from, at + 1) };
  }
  return undefined;
}

/**
 * Where the noun phrase of the unknown word at `at` starts, when the word is its head (it ends
 * the phrase: "the statewide chance" is a chance) and the phrase stands in the subject or object
 * slot. Adverbs ("only in the UP?") are no head.
 */
function nounPhraseStart(
  tokens: readonly Token[],
  at: number,
  free: (index: number) => boolean,
): number | undefined {
  const following = tokens[at + 1];
  // "a heatmap of abundance": a noun before "of" is a container of what follows, not the thing asked about.
  if (
    following &&
    (following.text === 'of' ||
      (!STOP_WORDS.has(following.text) &&
        !PLACE_LEADS.has(following.text) &&
        !PLACE_PREPOSITIONS.has(following.text) &&
        /^[a-z]/.test(following.text)))
  )
    return undefined;
  if (/ly$/.test(tokens[at]!.text)) return undefined;
  let before = at - 1;
  while (
    before >= 0 &&
    (ADJECTIVES.has(tokens[before]!.text) ||
      (free(before) && !STOP_WORDS.has(tokens[before]!.text) && /^[a-z]+$/.test(tokens[before]!.text)))
  )
    before--;
  const lead = tokens[before]?.text ?? '';
  const leadBefore = tokens[before - 1]?.text ?? '';
  // "a good restaurant", "the best pizza", "any campgrounds" — not "in the state", "on a birding list".
  if (DETERMINERS.has(lead) && !PLACE_LEADS.has(leadBefore)) return before + 1;
  // "are there deer near Lansing", "is there parking".
  if (lead === 'there' && BE.has(leadBefore)) return before + 1;
  // "where is parking near Marquette", "moose in Michigan?".
  const next = tokens[at + 1]?.text ?? '';
  if ((BE.has(lead) || before < 0) && PLACE_PREPOSITIONS.has(next)) return before + 1;
  return undefined;
}
