import type { Token } from './tokenise';

/**
 * A phrase of a table, written as words separated by spaces: `a|b` is either word, `arriv*` any
 * word starting so, `?the` an optional word, `#` any number, `@bird` the species the question
 * names (or a pronoun for it: "they", "it"), however many words it took. One phrase is one table
 * entry ("come back", "how long ?do ?they stay*", "any @bird"), never a whole question.
 */
export type Phrase = readonly PhraseElement[];

interface PhraseElement {
  words: readonly string[];
  prefixes: readonly string[];
  optional: boolean;
  number: boolean;
  /** `@bird`: a run of tokens the species reader claimed as a mention or pronoun. */
  bird: boolean;
}

export function phrase(text: string): Phrase {
  return text.split(' ').map((element) => {
    const optional = element.startsWith('?');
    const alternatives = (optional ? element.slice(1) : element).split('|');
    return {
      words: alternatives.filter((word) => !word.endsWith('*') && word !== '#' && word !== '@bird'),
      prefixes: alternatives.filter((word) => word.endsWith('*')).map((word) => word.slice(0, -1)),
      optional,
      number: alternatives.includes('#'),
      bird: alternatives.includes('@bird'),
    };
  });
}

function elementMatches(element: PhraseElement, token: Token): boolean {
  if (element.number && /^\d*\.?\d+$/.test(token.text)) return true;
  return (
    element.words.includes(token.text) || element.prefixes.some((prefix) => token.text.startsWith(prefix))
  );
}

/**
 * The end (exclusive) of the phrase matched at token `at`, or -1. Tokens already claimed by
 * another part (`used`) never match: "may" read as the month is not also the verb. The one
 * exception is `@bird`, which matches exactly the tokens `birds` marks (claimed by the species
 * reader); without `birds` it never matches.
 */
export function matchPhrase(
  pattern: Phrase,
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  birds?: readonly boolean[],
): number {
  let index = at;
  for (const element of pattern) {
    const token = tokens[index];
    if (element.bird && birds?.[index]) {
      while (birds[index]) index++;
    } else if (token && !used[index] && elementMatches(element, token)) index++;
    else if (!element.optional) return -1;
  }
  return index > at ? index : -1;
}

/** Whether a phrase can only start on a species mention (its first element is `@bird`). */
export function startsWithBird(pattern: Phrase): boolean {
  return pattern[0]?.bird === true && !pattern[0].optional;
}

/** Every word a phrase names literally (prefixes and numbers excluded): the known-word list. */
export function phraseWords(pattern: Phrase): string[] {
  return pattern.flatMap((element) => [...element.words]);
}
