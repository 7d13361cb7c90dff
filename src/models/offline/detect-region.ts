import { subjectWords } from './parse-question';
import { sqlText } from './sql-text';

/** Longest region name looked for, in words ("Democratic Republic of the Congo" is six). */
const MAX_NAME_WORDS = 6;

/**
 * The phrases of a question that could name a region: every run of up to six words that is not
 * made of stop words only, plus codes typed in capitals (USA, USA-MI, MI). Codes only count in
 * capitals because "can", "in" and "or" are also ISO and postal codes.
 */
export function regionPhrases(question: string): { names: string[]; codes: string[] } {
  const words = question.toLowerCase().replace(/[’‘]/g, "'").split(/[^a-z0-9'-]+/).filter(Boolean);
  const names = new Set<string>();
  for (let start = 0; start < words.length; start++) {
    for (let length = 1; length <= MAX_NAME_WORDS && start + length <= words.length; length++) {
      const phrase = words.slice(start, start + length).join(' ');
      const content = subjectWords(phrase);
      // A name's first and last words must carry meaning: "in michigan" is found as "michigan".
      if (content && subjectWords(words[start]!) && subjectWords(words[start + length - 1]!)) names.add(phrase);
    }
  }
  const codes = new Set<string>();
  for (const match of question.matchAll(/\b([A-Z]{2,3})(?:-([A-Z0-9]{1,3}))?\b/g)) {
    codes.add(match[0]);
    if (match[2] === undefined && match[1]!.length === 2) codes.add(`USA-${match[1]}`);
  }
  return { names: [...names], codes: [...codes] };
}

/** One query listing the regions whose name or code appears in the question, longest name first. */
export function regionMatchSql(phrases: { names: string[]; codes: string[] }): string | undefined {
  if (phrases.names.length === 0 && phrases.codes.length === 0) return undefined;
  const conditions = [
    ...(phrases.names.length ? [`lower(name) IN (${phrases.names.map(sqlText).join(', ')})`] : []),
    ...(phrases.codes.length ? [`region_code IN (${phrases.codes.map(sqlText).join(', ')})`] : []),
  ];
  return `SELECT region_code, name, type FROM regions WHERE ${conditions.join(' OR ')} ORDER BY length(name) DESC, region_code`;
}

/** The question with a region phrase (or code) removed, so the rest can name the species. */
export function withoutPhrase(question: string, phrase: string): string {
  const escaped = phrase.replace(/[.*+?^${}()|[\]\\]/g, '\\$&').replace(/ /g, '[^A-Za-z0-9]+');
  return question.replace(new RegExp(`\\b${escaped}\\b`, 'i'), ' ');
}
