import { alphaCode } from './alpha-code';
import {
  BIRD_COMPOUND_ENDINGS,
  BIRD_GROUP_WORDS,
  BIRD_MODIFIER_WORDS,
  BIRD_WORDS_ALSO_WORDS,
  singular,
} from './bird-words';
import type { Vocabulary } from './reading';
import { PRONOUN_PHRASES, STOP_WORDS } from './stop-words';
import { typedWords, type Token } from './tokenise';

/** A species name of the data, cut into the words the reader matches. */
export interface SpeciesName {
  code: string;
  commonName: string;
  /** Lower-case words of the common name, hyphens split ("yellow bellied sapsucker"). */
  words: string[];
  scientific: string[];
  alpha: string;
}

export function speciesNames(vocabulary: Vocabulary): SpeciesName[] {
  return vocabulary.species.map((species) => ({
    code: species.code,
    commonName: species.common_name,
    words: nameWords(species.common_name),
    scientific: nameWords(species.scientific_name),
    alpha: alphaCode(species.common_name),
  }));
}

export function nameWords(name: string): string[] {
  return name
    .toLowerCase()
    .replace(/['’.]/g, '')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
}

/** One species named at tokens [from, to). */
export interface SpeciesMention {
  codes: string[];
  from: number;
  to: number;
  how: 'name' | 'scientific' | 'code' | 'alpha' | 'partial';
}

export interface SpeciesReading {
  /** In the order named; a mention with several codes is ambiguous ("sapsucker" with two sapsuckers). */
  mentions: SpeciesMention[];
  /** Birds named that the data does not hold, as typed. */
  outside: { words: string; from: number; to: number }[];
  /** "it", "they", "this bird": the previous question's species. */
  pronoun: boolean;
  /** Where the pronouns are, for cues that read around the bird ("do they nest", "any @bird"). */
  pronouns: { from: number; to: number }[];
}

/**
 * Finds the species a question names: full common names, scientific names, eBird codes, banding
 * codes, and partial names ending in the group word ("sapsucker", "bellied sapsuckers"). A group
 * word with a bird-name modifier not in any data name before it ("Red-naped Sapsucker") is a
 * bird outside the data, as is any group word of the built-in lexicon the data's names lack.
 */
export function readSpecies(
  question: string,
  tokens: readonly Token[],
  used: boolean[],
  names: readonly SpeciesName[],
  isKnownWord: (word: string) => boolean,
  isPlaceWord: (word: string) => boolean = () => false,
): SpeciesReading {
  const mentions: SpeciesMention[] = [];
  const pronouns: SpeciesReading['pronouns'] = [];
  const outside: SpeciesReading['outside'] = [];
  const dataWords = new Set(names.flatMap((name) => name.words));
  let pronoun = false;
  const claim = (from: number, to: number) => {
    for (let index = from; index < to; index++) used[index] = true;
  };
  for (let at = 0; at < tokens.length; at++) {
    if (used[at]) continue;
    const exact = exactMatch(tokens, at, used, names, isKnownWord);
    if (exact) {
      mentions.push(exact);
      claim(exact.from, exact.to);
      at = exact.to - 1;
      continue;
    }
    const partial = partialMatch(tokens, at, used, names);
    if (partial) {
      const modifiers = modifiersBefore(tokens, partial.from, used, isPlaceWord);
      const foreign = modifiers.filter(
        (index) =>
          !names.some(
            (name) => partial.codes.includes(name.code) && name.words.includes(tokens[index]!.text),
          ),
      );
      if (foreign.length > 0) {
        outside.push({
          words: typedWords(question, tokens, modifiers[0]!, partial.to),
          from: modifiers[0]!,
          to: partial.to,
        });
        claim(modifiers[0]!, partial.to);
      } else {
        const from = modifiers[0] ?? partial.from;
        mentions.push({ ...partial, from });
        claim(from, partial.to);
      }
      at = partial.to - 1;
      continue;
    }
    const pronounEnd = pronounAt(tokens, at, used);
    if (pronounEnd > 0) {
      pronoun = true;
      pronouns.push({ from: at, to: pronounEnd });
      claim(at, pronounEnd);
      at = pronounEnd - 1;
      continue;
    }
    const word = singular(tokens[at]!.text);
    if (BIRD_GROUP_WORDS.has(word) && !dataWords.has(word)) {
      const modifiers = modifiersBefore(tokens, at, used, isPlaceWord);
      const plural = word !== tokens[at]!.text;
      if (BIRD_WORDS_ALSO_WORDS.has(word) && modifiers.length === 0 && !plural) continue;
      const from = modifiers[0] ?? at;
      outside.push({ words: typedWords(question, tokens, from, at + 1), from, to: at + 1 });
      claim(from, at + 1);
    }
  }
  return { mentions, outside, pronoun, pronouns };
}

function wordMatches(token: Token, word: string, last: boolean): boolean {
  return token.text === word || (last && singular(token.text) === word);
}

function exactMatch(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  names: readonly SpeciesName[],
  isKnownWord: (word: string) => boolean,
): SpeciesMention | undefined {
  let best: SpeciesMention | undefined;
  for (const name of names) {
    for (const [words, how] of [
      [name.words, 'name'],
      [name.scientific, 'scientific'],
    ] as const) {
      if (words.length === 0) continue;
      const fits = words.every((word, offset) => {
        const token = tokens[at + offset];
        return (
          token !== undefined && !used[at + offset] && wordMatches(token, word, offset === words.length - 1)
        );
      });
      if (fits && (!best || words.length > best.to - best.from))
        best = { codes: [name.code], from: at, to: at + words.length, how };
      else if (fits && best && words.length === best.to - best.from && !best.codes.includes(name.code))
        best.codes.push(name.code);
    }
  }
  if (best) return best;
  const token = tokens[at]!;
  const byCode = names.filter((name) => name.code.toLowerCase() === token.text);
  if (byCode.length > 0) return { codes: byCode.map((name) => name.code), from: at, to: at + 1, how: 'code' };
  // A banding code counts typed in capitals, or when it is no English word we know ("ybsa" yes, "come" no).
  if (token.text.length === 4 && (token.upper || !isKnownWord(token.text))) {
    const byAlpha = names.filter((name) => name.alpha === token.text.toUpperCase());
    if (byAlpha.length > 0)
      return { codes: byAlpha.map((name) => name.code), from: at, to: at + 1, how: 'alpha' };
  }
  return undefined;
}

/** The longest tail of a data name ending in its group word: "bellied sapsucker", "sapsuckers". */
function partialMatch(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  names: readonly SpeciesName[],
): SpeciesMention | undefined {
  let best: SpeciesMention | undefined;
  for (const name of names) {
    for (let length = name.words.length - 1; length >= 1; length--) {
      const tail = name.words.slice(name.words.length - length);
      const fits = tail.every((word, offset) => {
        const token = tokens[at + offset];
        return (
          token !== undefined && !used[at + offset] && wordMatches(token, word, offset === tail.length - 1)
        );
      });
      if (!fits) continue;
      if (!best || length > best.to - best.from)
        best = { codes: [name.code], from: at, to: at + length, how: 'partial' };
      else if (length === best.to - best.from && !best.codes.includes(name.code)) best.codes.push(name.code);
      break;
    }
  }
  return best;
}

/**
 * Bird-name modifiers right before a group word ("Red-naped", "Downy", "Williamson's"): words of
 * the modifier list, hyphen compounds ending like "-bellied", and possessive names — except a
 * possessive place of the data ("Michigan's sapsuckers" are Michigan's, not a Michigan Sapsucker).
 */
function modifiersBefore(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  isPlaceWord: (word: string) => boolean,
): number[] {
  const indices: number[] = [];
  for (let index = at - 1; index >= 0 && indices.length < 3; index--) {
    const token = tokens[index]!;
    if (used[index] || STOP_WORDS.has(token.text)) break;
    const modifier =
      BIRD_MODIFIER_WORDS.has(token.text) ||
      BIRD_COMPOUND_ENDINGS.test(token.text) ||
      (token.possessive && /^[A-Z]/.test(token.raw) && !isPlaceWord(token.text)) ||
      tokens[index + 1]!.joined;
    if (!modifier) break;
    indices.unshift(index);
  }
  return indices;
}

function pronounAt(tokens: readonly Token[], at: number, used: readonly boolean[]): number {
  let best = -1;
  for (const pronoun of PRONOUN_PHRASES) {
    const words = pronoun.split(' ');
    if (words.every((word, offset) => tokens[at + offset]?.text === word && !used[at + offset]))
      best = Math.max(best, at + words.length);
  }
  return best;
}
