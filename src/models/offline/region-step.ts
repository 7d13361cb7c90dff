import { regionMatchSql, regionPhrases, withoutPhrase } from './detect-region';
import { callTool, dataOf, type Plan } from './plan-step';

/** A region named in the question: the phrase as written and the question without it. */
export interface DetectedRegion {
  phrase: string;
  rest: string;
}

/** Looks up every phrase of the question among region names and codes in one query; the longest match wins. */
export function* detectRegion(question: string): Plan<DetectedRegion | undefined> {
  const phrases = regionPhrases(question);
  const sql = regionMatchSql(phrases);
  if (!sql) return undefined;
  const envelope = yield* callTool('run_sql', { purpose: 'find region names in the question', sql });
  const rows = (dataOf(envelope)?.preview ?? []) as { region_code: string; name: string }[];
  const first = rows[0];
  if (!first) return undefined;
  if (phrases.names.includes(first.name.toLowerCase())) return { phrase: first.name, rest: withoutPhrase(question, first.name) };
  // Found by a typed code: "USA-MI" as written, or the postal "MI" that stands for it.
  const typed = question.includes(first.region_code) ? first.region_code : first.region_code.replace(/^USA-/, '');
  return { phrase: first.region_code, rest: withoutPhrase(question, typed) };
}
