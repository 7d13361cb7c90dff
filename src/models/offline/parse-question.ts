/**
 * Reads a plain-language question into what the offline planner needs: what is asked
 * (intent), about which time, and the words left over that name a species or a region.
 * Pure and deterministic; species and region words are resolved later by the tools.
 */

export type Intent =
  | 'peak'
  | 'arrival'
  | 'departure'
  | 'where'
  | 'chance'
  | 'compare'
  | 'top_regions'
  | 'trend'
  | 'range_size'
  | 'season_most_common'
  | 'data_available'
  | 'unknown';

export type Season = 'breeding' | 'nonbreeding' | 'prebreeding_migration' | 'postbreeding_migration';

export type TimeExpression =
  | { kind: 'week'; week: number }
  | { kind: 'date'; month: number; day: number }
  | { kind: 'month'; month: number }
  | { kind: 'season'; season: Season };

export interface ParsedQuestion {
  intent: Intent;
  time?: TimeExpression;
  /** Words that may name species or regions, stop words and intent words removed. */
  subject: string;
  /** Two subjects for comparisons ("X or Y", "X vs Y"). */
  subjects: string[];
  /** "it", "its", "they": the question leans on an earlier turn. */
  usesPronoun: boolean;
  /** Starts with "and"/"what about", or has no subject words: a follow-up. */
  isFollowUp: boolean;
}

const MONTHS = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];
const MONTH_ABBREVIATIONS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** Everyday words for eBird's four seasons (FORMAT.md §6 dates: spring migration 15 Mar–10 May…). */
const SEASON_WORDS: [RegExp, Season][] = [
  [/\b(non-?breeding|winter|wintering|overwinter\w*)\b/, 'nonbreeding'],
  [/\b(pre-?breeding(?: migration)?|spring(?: migration)?|northbound)\b/, 'prebreeding_migration'],
  [/\b(post-?breeding(?: migration)?|fall(?: migration)?|autumn(?: migration)?|southbound)\b/, 'postbreeding_migration'],
  [/\b(breeding|summer|nesting)\b/, 'breeding'],
];

/** Checked in order: the first family whose pattern matches wins. */
const INTENT_PATTERNS: [Intent, RegExp][] = [
  ['data_available', /\b(what data|which data|what species|which species (?:are|do you)|what can you|datasets?\b|what do you (?:have|know))/],
  ['compare', /\b(compare|comparison|versus|vs\.?|difference between)\b|\bor\b.*\bmore (?:common|abundant)\b/],
  ['trend', /\b(increas\w*|decreas\w*|declin\w*|trend\w*|grow\w*|shrink\w*|population change|going up|going down)\b/],
  ['range_size', /\b(how (?:big|large|extensive)|size of|area of|range size|how much area|km2|km²|square)\b/],
  ['season_most_common', /\b(which|what) season\b|\bmost common\b.*\bseason\b|\bseason\b.*\bmost (?:common|abundant)\b/],
  ['top_regions', /\b(which|what) (?:regions?|states?|countries|country|places?)\b.*\b(most|hold|highest|largest|share)\b|\bwhere (?:are|is) (?:most|the most)\b/],
  ['chance', /\b(how likely|chances?|odds|probab\w*|likelihood|will i see|can i see|am i likely)\b/],
  ['peak', /\b(peak\w*|most (?:common|abundant|numerous)|highest|busiest|best (?:time|week|month))\b/],
  ['arrival', /\b(arriv\w*|reach\w*|come back|return\w*|show up|get (?:here|to)|first (?:appear|show))\b/],
  ['departure', /\b(leav\w*|depart\w*|last (?:seen|week)|gone|go south|head south)\b/],
  ['where', /\b(where|map|distribution|found|occur\w*|present|range)\b/],
];

const STOP_WORDS = new Set(
  ('a an the am is are was were be do does did doing will would can could should i you we they it its it\'s their them this that these those ' +
    'in on at of for to from by with about into during over under per and or vs versus than then what when where which who how why ' +
    'much many most more less least very on average average there here me my our your show tell give find see seen look ' +
    'week weeks month months season seasons year years time times day days date population populations bird birds species ' +
    'peak peaks peaking arrive arrives arriving arrival reach reaches reaching leave leaves leaving depart departs common abundant ' +
    'increasing decreasing increase decrease declining decline trend trends big large size range ranges area breeding nonbreeding ' +
    'likely chance odds probability compare comparison between region regions state states country countries hold holds highest ' +
    'spring summer fall autumn winter migration prebreeding postbreeding pre post wintering nesting map where found occur present ' +
    'first last back return returns come comes get gets go goes data dataset datasets have know what\'s typically usually normally ' +
    'chances seeing spot spend spends stay stays live lives').split(/\s+/),
);

export function parseQuestion(question: string): ParsedQuestion {
  const text = normalise(question);
  const intent = INTENT_PATTERNS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'unknown';
  const time = parseTime(text);
  const subjects = intent === 'compare' ? splitComparison(text).map(subjectWords).filter(Boolean) : [];
  const subject = subjectWords(text);
  const usesPronoun = /\b(it|its|it's|they|them|their|this (?:bird|species))\b/.test(text);
  const isFollowUp = /^(and|what about|how about|then|also)\b/.test(text) || (subject === '' && !usesPronoun && intent === 'unknown');
  return { intent: isFollowUp && intent === 'unknown' ? 'unknown' : intent, ...(time ? { time } : {}), subject, subjects, usesPronoun, isFollowUp };
}

export function parseTime(text: string): TimeExpression | undefined {
  const week = /\bweek\s*(?:#|no\.?|number)?\s*(\d{1,2})\b/.exec(text);
  if (week && Number(week[1]) >= 1 && Number(week[1]) <= 52) return { kind: 'week', week: Number(week[1]) };
  const iso = /\b\d{4}-(\d{2})-(\d{2})\b/.exec(text);
  if (iso) return { kind: 'date', month: Number(iso[1]), day: Number(iso[2]) };
  for (const [index, name] of MONTHS.entries()) {
    const abbreviation = MONTH_ABBREVIATIONS[index]!;
    const withDay = new RegExp(`\\b(?:${name}|${abbreviation})\\.?\\s+(\\d{1,2})(?:st|nd|rd|th)?\\b|\\b(\\d{1,2})(?:st|nd|rd|th)?\\s+(?:of\\s+)?(?:${name}|${abbreviation})\\b`).exec(text);
    if (withDay) return { kind: 'date', month: index + 1, day: Number(withDay[1] ?? withDay[2]) };
  }
  // "may" is also a verb: only a month when it follows a time preposition.
  for (const [index, name] of MONTHS.entries()) {
    const pattern = name === 'may' ? /\b(?:in|during|of|early|late|mid|by)\s+may\b/ : new RegExp(`\\b(?:${name}|${MONTH_ABBREVIATIONS[index]})\\b`);
    if (pattern.test(text)) return { kind: 'month', month: index + 1 };
  }
  for (const [pattern, season] of SEASON_WORDS) if (pattern.test(text)) return { kind: 'season', season };
  return undefined;
}

function splitComparison(text: string): string[] {
  const parts = text
    .replace(/^.*?\b(compare|comparison of|difference between)\b/, '')
    .split(/\b(?:and|with|to|vs\.?|versus|or)\b/)
    .map((part) => part.trim())
    .filter((part) => subjectWords(part) !== '');
  return parts.length >= 2 ? parts.slice(0, 2) : [];
}

/** The words left once stop words, numbers and month names are gone: species and region names. */
export function subjectWords(text: string): string {
  return normalise(text)
    .split(/[^a-z0-9'-]+/)
    .filter((word) => word && !STOP_WORDS.has(word) && !/^\d+(st|nd|rd|th)?$/.test(word) && !MONTHS.includes(word) && !MONTH_ABBREVIATIONS.includes(word))
    .join(' ');
}

function normalise(text: string): string {
  return text.toLowerCase().replace(/[’‘]/g, "'").replace(/[?!.,;:]+(\s|$)/g, ' ').replace(/\s+/g, ' ').trim();
}
