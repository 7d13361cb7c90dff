import { MONTH_NAMES } from '../frame/month-names';
import type { Season, TimeSpec } from '../frame/query-frame';
import {
  addDays,
  dayLabel,
  dayOfYear,
  daysInMonth,
  daysInYear,
  monthDay,
  weeksOfDays,
  type parseIsoDate,
} from './calendar';
import { matchPhrase } from './phrase';
import type { Token } from './tokenise';
import {
  HOLIDAYS,
  MIGRATION_PHRASE,
  MONTH_LEAD_WORDS,
  MONTH_WORDS,
  MONTHS_ALSO_WORDS,
  ORDINAL_WORDS,
  PART_OF_MONTH,
  RANGE_WORDS,
  SEASON_PHRASES,
  WHOLE_YEAR_PHRASES,
} from './time-words';

/** The calendar a question's times are read in. */
export interface TimeContext {
  release: number;
  /** The visitor's date (the clock), for "now", "this week", "tomorrow". */
  today?: ReturnType<typeof parseIsoDate>;
}

/** What the time reader found: the times (at most two), the years named, and how it read them. */
export interface TimeReading {
  times: TimeSpec[];
  /** Other readings of the times ("6/7": June 7 or July 6), closest first, without the main one. */
  alternatives: { label: string; times: TimeSpec[] }[];
  /** Years named ("in 2019", "last year") with the words as typed. */
  years: { year: number; from: number; to: number }[];
  notes: string[];
  /** A time word was read relative to the clock ("this week"). */
  usedClock: boolean;
}

/** A time found at tokens [from, to). Days are days of the release year. */
type Atom = { from: number; to: number; note?: string } & (
  | {
      kind: 'days';
      first: number;
      last: number;
      label: string;
      single: boolean;
      month?: number;
      alternative?: { first: number; last: number; label: string };
    }
  | { kind: 'weeks'; first: number; last: number; label: string }
  | { kind: 'season'; season: Season; label: string; alternative?: Season }
  | { kind: 'year'; year: number }
  | { kind: 'whole_year' }
);

type AtomReader = (
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  context: TimeContext,
) => Atom | undefined;

/** The token after a leading "the" ("the 14th of June", "the end of May"), else `at`. */
function afterThe(tokens: readonly Token[], at: number): number {
  return tokens[at]?.text === 'the' ? at + 1 : at;
}

/**
 * Reads every time of a question and marks its tokens used. Ranges ("from mid-March to early
 * May", "weeks 10-20", "April–June") become one span; two separate times are a comparison.
 */
export function readTimes(tokens: readonly Token[], used: boolean[], context: TimeContext): TimeReading {
  const atoms: Atom[] = [];
  for (let at = 0; at < tokens.length; at++) {
    if (used[at]) continue;
    const atom = readAtom(tokens, at, used, context);
    if (!atom) continue;
    atoms.push(atom);
    at = atom.to - 1;
  }
  const merged = mergeRanges(atoms, tokens, used).map((atom) => withWeekOf(atom, tokens, used));
  for (const atom of merged) for (let index = atom.from; index < atom.to; index++) used[index] = true;
  const yearDays = daysInYear(context.release);
  const notes = merged.flatMap((atom) => (atom.note ? [atom.note] : []));
  const timeAtoms = merged.filter((atom) => atom.kind !== 'year');
  if (timeAtoms.length > 2)
    notes.push(
      `I read only the first two times (${timeAtoms
        .slice(0, 2)
        .map((atom) => atomLabel(atom))
        .join(', ')}).`,
    );
  const chosen = timeAtoms.slice(0, 2);
  const times = chosen.map((atom) => toSpec(atom, yearDays));
  const alternatives: TimeReading['alternatives'] = [];
  chosen.forEach((atom, index) => {
    const other = alternativeAtom(atom);
    if (!other) return;
    const alternativeTimes = times.map((time, position) =>
      position === index ? toSpec(other, yearDays) : time,
    );
    alternatives.push({ label: atomLabel(other), times: alternativeTimes });
  });
  const usedClock = merged.some((atom) => atom.note?.includes('your date'));
  return {
    times,
    alternatives,
    years: merged.flatMap((atom) =>
      atom.kind === 'year' ? [{ year: atom.year, from: atom.from, to: atom.to }] : [],
    ),
    notes,
    usedClock,
  };
}

const ATOM_READERS: readonly AtomReader[] = [
  readHoliday,
  readPartOfMonth,
  readRelative,
  readWeek,
  readIsoDate,
  readSlashDate,
  readDayMonth,
  readMonthDay,
  readSeason,
  readWholeYear,
  readYear,
];

function readAtom(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  for (const reader of ATOM_READERS) {
    const atom = reader(tokens, at, used, context);
    if (atom) return atom;
  }
  return undefined;
}

function daysAtom(
  from: number,
  to: number,
  first: number,
  last: number,
  label: string,
  single = false,
  month?: number,
): Atom {
  return { kind: 'days', from, to, first, last, label, single, ...(month ? { month } : {}) };
}

/** A month word at `at` (respecting "may" the verb), or undefined. */
export function monthAt(tokens: readonly Token[], at: number): number | undefined {
  const token = tokens[at];
  if (!token) return undefined;
  const month = MONTH_WORDS[token.text];
  if (month === undefined) return undefined;
  if (!MONTHS_ALSO_WORDS.has(token.text)) return month;
  const previous = tokens[at - 1];
  const next = tokens[at + 1];
  const capitalised = /^[A-Z][a-z]/.test(token.raw) && at > 0;
  if (
    capitalised ||
    token.joined ||
    (previous && MONTH_LEAD_WORDS.has(previous.text)) ||
    (next && dayNumber(next.text) !== undefined && !next.text.includes('.')) ||
    (previous && MONTH_WORDS[previous.text] !== undefined) ||
    (next &&
      ['vs', 'versus', 'or', 'and', 'to', 'through', 'thru', 'until', '-'].includes(next.text) &&
      MONTH_WORDS[tokens[at + 2]?.text ?? ''] !== undefined)
  )
    return month;
  // A month word closing the question ("sapsuckers in the UP may") is a month too, unless the question is "may I ...".
  if (at === tokens.length - 1 && at > 0 && previous?.text !== 'i') return month;
  return undefined;
}

/** A day of the month: "14", "14th", "fourteenth" (a few ordinal words). */
function dayNumber(text: string): number | undefined {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(text);
  const value = match ? Number(match[1]) : ORDINAL_WORDS[text];
  return value !== undefined && value >= 1 && value <= 31 ? value : undefined;
}

function readHoliday(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  for (const holiday of HOLIDAYS) {
    for (const pattern of holiday.phrases) {
      const end = matchPhrase(pattern, tokens, at, used);
      if (end < 0) continue;
      const { month, day } = holiday.date(context.release);
      const doy = dayOfYear(context.release, month, day);
      return daysAtom(at, end, doy, doy, `${holiday.name} (${MONTH_NAMES[month - 1]} ${day})`, true);
    }
  }
  return undefined;
}

/** "early May", "mid-June", "late August", "the end of May", "the first week of June", "the second half of July". */
function readPartOfMonth(
  tokens: readonly Token[],
  at: number,
  _used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const index = afterThe(tokens, at);
  const word = tokens[index]?.text ?? '';
  const year = context.release;
  const part = PART_OF_MONTH[word];
  if (part) {
    let monthIndex = index + 1;
    if (tokens[monthIndex]?.text === 'of') monthIndex++;
    const month =
      monthAt(tokens, monthIndex) ??
      (MONTH_WORDS[tokens[monthIndex]?.text ?? ''] !== undefined
        ? MONTH_WORDS[tokens[monthIndex]!.text]
        : undefined);
    if (month === undefined) return undefined;
    const last = daysInMonth(year, month);
    const [firstDay, lastDay] = part === 'early' ? [1, 10] : part === 'mid' ? [11, 20] : [21, last];
    const label = `${part}${part === 'mid' ? '-' : ' '}${MONTH_NAMES[month - 1]}`;
    return daysAtom(
      at,
      monthIndex + 1,
      dayOfYear(year, month, firstDay),
      dayOfYear(year, month, lastDay),
      label,
    );
  }
  const ordinal = word === 'last' || word === 'final' ? -1 : (ORDINAL_WORDS[word] ?? dayNumber(word));
  const unit = tokens[index + 1]?.text;
  if (ordinal === undefined || (unit !== 'week' && unit !== 'half') || tokens[index + 2]?.text !== 'of')
    return undefined;
  const month = MONTH_WORDS[tokens[index + 3]?.text ?? ''];
  if (month === undefined) return undefined;
  const last = daysInMonth(year, month);
  let firstDay: number;
  let lastDay: number;
  if (unit === 'half') {
    if (ordinal !== 1 && ordinal !== 2 && ordinal !== -1) return undefined;
    [firstDay, lastDay] = ordinal === 1 ? [1, 15] : [16, last];
  } else {
    if (ordinal !== -1 && (ordinal < 1 || ordinal > 5)) return undefined;
    [firstDay, lastDay] =
      ordinal === -1 ? [last - 6, last] : [1 + 7 * (ordinal - 1), Math.min(last, 7 * ordinal)];
  }
  const label = `${ordinal === -1 ? 'the last' : `the ${['first', 'second', 'third', 'fourth', 'fifth'][ordinal - 1]}`} ${unit} of ${MONTH_NAMES[month - 1]}`;
  return daysAtom(at, index + 4, dayOfYear(year, month, firstDay), dayOfYear(year, month, lastDay), label);
}

/** Clock words: "now", "today", "this week", "tomorrow", "next week", "this month", "in two weeks". */
const RELATIVE: readonly { words: string[]; shiftDays?: number; month?: 0 | 1 | -1; label: string }[] = [
  { words: ['right', 'now'], shiftDays: 0, label: 'now' },
  { words: ['now'], shiftDays: 0, label: 'now' },
  { words: ['today'], shiftDays: 0, label: 'today' },
  { words: ['tonight'], shiftDays: 0, label: 'tonight' },
  { words: ['currently'], shiftDays: 0, label: 'now' },
  { words: ['at', 'the', 'moment'], shiftDays: 0, label: 'now' },
  { words: ['these', 'days'], shiftDays: 0, label: 'now' },
  { words: ['this', 'week'], shiftDays: 0, label: 'this week' },
  { words: ['tomorrow'], shiftDays: 1, label: 'tomorrow' },
  { words: ['yesterday'], shiftDays: -1, label: 'yesterday' },
  { words: ['next', 'week'], shiftDays: 7, label: 'next week' },
  { words: ['last', 'week'], shiftDays: -7, label: 'last week' },
  { words: ['this', 'weekend'], shiftDays: 0, label: 'this weekend' },
  { words: ['next', 'weekend'], shiftDays: 7, label: 'next weekend' },
  { words: ['in', 'a', 'week'], shiftDays: 7, label: 'in a week' },
  { words: ['in', 'two', 'weeks'], shiftDays: 14, label: 'in two weeks' },
  { words: ['in', '2', 'weeks'], shiftDays: 14, label: 'in two weeks' },
  { words: ['in', 'three', 'weeks'], shiftDays: 21, label: 'in three weeks' },
  { words: ['in', '3', 'weeks'], shiftDays: 21, label: 'in three weeks' },
  { words: ['this', 'month'], month: 0, label: 'this month' },
  { words: ['next', 'month'], month: 1, label: 'next month' },
  { words: ['last', 'month'], month: -1, label: 'last month' },
];

function readRelative(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const entry = RELATIVE.find((candidate) =>
    candidate.words.every((word, offset) => tokens[at + offset]?.text === word && !used[at + offset]),
  );
  if (!entry || !context.today) return undefined;
  // "the last week with…", "last week the share…": a week of the question, not of the clock.
  if (
    entry.words[0] !== 'right' &&
    entry.words.includes('week') &&
    entry.words[0] !== 'in' &&
    (tokens[at - 1]?.text === 'the' ||
      [
        'with',
        'that',
        'when',
        'where',
        'of',
        'the',
        'it',
        'they',
        'is',
        'are',
        'before',
        'above',
        'over',
        'at',
        'in',
        'which',
        'for',
      ].includes(tokens[at + entry.words.length]?.text ?? ''))
  )
    return undefined;
  const to = at + entry.words.length;
  const year = context.release;
  const moved = addDays(context.today, entry.shiftDays ?? 0);
  if (entry.month !== undefined) {
    const month = ((context.today.month - 1 + entry.month + 12) % 12) + 1;
    const first = dayOfYear(year, month, 1);
    const last = dayOfYear(year, month, daysInMonth(year, month));
    return {
      ...daysAtom(at, to, first, last, `${entry.label} (${MONTH_NAMES[month - 1]})`, false, month),
      note: `I read '${entry.label}' from your date (${context.today.year}-${pad(context.today.month)}-${pad(context.today.day)}) in the ${year} calendar of the estimates.`,
    };
  }
  const day = Math.min(
    dayOfYear(year, moved.month, Math.min(moved.day, daysInMonth(year, moved.month))),
    daysInYear(year),
  );
  return {
    ...daysAtom(at, to, day, day, `${entry.label} (${dayLabel(year, day)})`, true),
    note: `I read '${entry.label}' from your date (${context.today.year}-${pad(context.today.month)}-${pad(context.today.day)}) in the ${year} calendar of the estimates.`,
  };
}

function pad(value: number): string {
  return String(value).padStart(2, '0');
}

const WEEK_WORDS = new Set(['week', 'weeks', 'wk', 'wks']);

function weekNumber(text: string | undefined): number | undefined {
  const match = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(text ?? '');
  const value = match ? Number(match[1]) : undefined;
  return value !== undefined && value >= 1 && value <= 52 ? value : undefined;
}

/** "week 24", "wk 24", "week #24", "weeks 10 to 20", "week 10-week 20", "the 24th week (of the year)". */
function readWeek(tokens: readonly Token[], at: number): Atom | undefined {
  const text = tokens[at]?.text;
  if (WEEK_WORDS.has(text ?? '')) {
    let index = at + 1;
    if (['#', 'no', 'number'].includes(tokens[index]?.text ?? '')) index++;
    const first = weekNumber(tokens[index]?.text);
    if (first === undefined) return undefined;
    index++;
    const connector = tokens[index]?.text ?? '';
    if (RANGE_WORDS.has(connector) || (connector === 'and' && tokens[at - 1]?.text === 'between')) {
      let next = index + 1;
      if (WEEK_WORDS.has(tokens[next]?.text ?? '')) next++;
      const last = weekNumber(tokens[next]?.text);
      if (last !== undefined)
        return { kind: 'weeks', from: at, to: next + 1, first, last, label: `weeks ${first}–${last}` };
    }
    return { kind: 'weeks', from: at, to: index, first, last: first, label: `week ${first}` };
  }
  const index = afterThe(tokens, at);
  const ordinal = /^(\d{1,2})(st|nd|rd|th)$/.exec(tokens[index]?.text ?? '');
  if (!ordinal || !WEEK_WORDS.has(tokens[index + 1]?.text ?? '')) return undefined;
  const week = weekNumber(ordinal[1]);
  if (week === undefined) return undefined;
  let end = index + 2;
  if (tokens[end]?.text === 'of' && tokens[end + 1]?.text === 'the' && tokens[end + 2]?.text === 'year')
    end += 3;
  else if (tokens[end]?.text === 'of' && MONTH_WORDS[tokens[end + 1]?.text ?? ''] !== undefined)
    return undefined;
  return { kind: 'weeks', from: at, to: end, first: week, last: week, label: `week ${week}` };
}

/** "2023-06-14" (a year other than the release is noted; the day is read in the release). */
function readIsoDate(
  tokens: readonly Token[],
  at: number,
  _used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const match = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(tokens[at]?.text ?? '');
  if (!match) return undefined;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (month < 1 || month > 12 || day < 1 || day > daysInMonth(context.release, month)) return undefined;
  const doy = dayOfYear(context.release, month, day);
  const atom = daysAtom(at, at + 1, doy, doy, `${MONTH_NAMES[month - 1]} ${day}`, true, month);
  return year === context.release
    ? atom
    : {
        ...atom,
        note: `I read ${tokens[at]!.raw} as ${MONTH_NAMES[month - 1]} ${day} of the ${context.release} estimates (the only year the weekly data holds).`,
      };
}

/**
 * "6/14" (month/day, US), "14/6" (a first number above 12 can only be a day), "6/7" (both
 * readings are dates: US month/day first, day/month as an alternative).
 */
function readSlashDate(
  tokens: readonly Token[],
  at: number,
  _used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const match = /^(\d{1,2})\/(\d{1,2})(?:\/(\d{2,4}))?$/.exec(tokens[at]?.text ?? '');
  if (!match) return undefined;
  const [a, b] = [Number(match[1]), Number(match[2])];
  const year = context.release;
  const valid = (month: number, day: number) =>
    month >= 1 && month <= 12 && day >= 1 && day <= daysInMonth(year, month);
  const make = (month: number, day: number) => {
    const doy = dayOfYear(year, month, day);
    return { first: doy, last: doy, label: `${MONTH_NAMES[month - 1]} ${day}` };
  };
  const us = valid(a, b) ? make(a, b) : undefined;
  const european = valid(b, a) ? make(b, a) : undefined;
  const primary = us ?? european;
  if (!primary) return undefined;
  const raw = tokens[at]!.raw;
  if (us && european && a !== b) {
    return {
      kind: 'days',
      from: at,
      to: at + 1,
      ...primary,
      single: true,
      month: a,
      alternative: european,
      note: `I read ${raw} as ${us.label} (month/day); it could also be ${european.label} (day/month).`,
    };
  }
  return {
    kind: 'days',
    from: at,
    to: at + 1,
    ...primary,
    single: true,
    month: us ? a : b,
    ...(us ? {} : { note: `I read ${raw} as ${primary.label} (day/month: ${a} cannot be a month).` }),
  };
}

/** "14 June", "14th June", "the 14th of June". */
function readDayMonth(
  tokens: readonly Token[],
  at: number,
  _used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const index = afterThe(tokens, at);
  const day = dayNumber(tokens[index]?.text ?? '');
  if (
    day === undefined ||
    (ORDINAL_WORDS[tokens[index]?.text ?? ''] !== undefined && tokens[index + 1]?.text !== 'of')
  )
    return undefined;
  let monthIndex = index + 1;
  if (tokens[monthIndex]?.text === 'of') monthIndex++;
  const month = MONTH_WORDS[tokens[monthIndex]?.text ?? ''];
  if (month === undefined || day > daysInMonth(context.release, month)) return undefined;
  const doy = dayOfYear(context.release, month, day);
  return withYear(
    tokens,
    monthIndex + 1,
    daysAtom(at, monthIndex + 1, doy, doy, `${MONTH_NAMES[month - 1]} ${day}`, true, month),
    context,
  );
}

/** "June 14", "June 14th", "Jun. 14", "June the 14th"; a month alone ("in May", "June 2023"). */
function readMonthDay(
  tokens: readonly Token[],
  at: number,
  _used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const month = monthAt(tokens, at);
  if (month === undefined) return undefined;
  const year = context.release;
  let index = at + 1;
  if (tokens[index]?.text === 'the' && dayNumber(tokens[index + 1]?.text ?? '') !== undefined) index++;
  const dayText = tokens[index]?.text ?? '';
  const day = /^\d/.test(dayText) ? dayNumber(dayText) : undefined;
  // "May 5 places" is not a date, but a top_n: a number followed by a place noun stays a number.
  const after = tokens[index + 1]?.text ?? '';
  if (
    day !== undefined &&
    day <= daysInMonth(year, month) &&
    !/^(place|places|cell|cells|spot|spots|site|sites|area|areas|region|regions|locations?)$/.test(after)
  ) {
    const doy = dayOfYear(year, month, day);
    return withYear(
      tokens,
      index + 1,
      daysAtom(at, index + 1, doy, doy, `${MONTH_NAMES[month - 1]} ${day}`, true, month),
      context,
    );
  }
  const first = dayOfYear(year, month, 1);
  const last = dayOfYear(year, month, daysInMonth(year, month));
  return withYear(
    tokens,
    at + 1,
    daysAtom(at, at + 1, first, last, MONTH_NAMES[month - 1]!, false, month),
    context,
  );
}

/** Takes a year written right after a date ("June 14, 2023", "June 2019") into the date, noting a year other than the release. */
function withYear(tokens: readonly Token[], at: number, atom: Atom, context: TimeContext): Atom {
  const text = tokens[at]?.text ?? '';
  if (!/^\d{4}$/.test(text)) return atom;
  const year = Number(text);
  if (year === context.release) return { ...atom, to: at + 1 };
  // A different year stays a separate year atom, so scope checks see it.
  return atom;
}

function readSeason(tokens: readonly Token[], at: number, used: readonly boolean[]): Atom | undefined {
  let index = at;
  // "late summer", "early spring": seasons are the species' own weeks, read whole.
  const qualifier = PART_OF_MONTH[tokens[index]?.text ?? ''];
  if (qualifier) index++;
  for (const entry of SEASON_PHRASES) {
    const end = matchPhrase(entry.phrase, tokens, index, used);
    if (end < 0) continue;
    // "fall" is also a verb ("numbers fall fastest"): a season after a time word or before "migration".
    if (
      tokens[index]!.text === 'fall' &&
      end === index + 1 &&
      !qualifier &&
      (!FALL_LEAD_WORDS.has(tokens[index - 1]?.text ?? '') || fallIsVerb(tokens, index)) &&
      index > 0
    )
      continue;
    const label = SEASON_LABELS[entry.season];
    return {
      kind: 'season',
      from: at,
      to: end,
      season: entry.season,
      label,
      ...(qualifier
        ? {
            note: `I read '${tokens[at]!.raw} ${tokens[index]!.raw}' as the whole ${label} (seasons are read as the species' own weeks).`,
          }
        : {}),
    };
  }
  if (index === at) {
    const end = matchPhrase(MIGRATION_PHRASE, tokens, at, used);
    // "migration" alone: spring migration, with fall migration as the other reading.
    if (end > 0)
      return {
        kind: 'season',
        from: at,
        to: end,
        season: 'prebreeding_migration',
        label: SEASON_LABELS.prebreeding_migration,
        alternative: 'postbreeding_migration',
        note: `I read '${tokens[at]!.raw}' as spring migration; say "fall migration" for the other one.`,
      };
  }
  return undefined;
}

/** "rise or fall", "gone up and fall": after a rise word and "or"/"and", "fall" is the verb, not the season. */
function fallIsVerb(tokens: readonly Token[], at: number): boolean {
  const join = tokens[at - 1]?.text ?? '';
  return (join === 'or' || join === 'and') && RISE_WORDS.has(tokens[at - 2]?.text ?? '');
}

const RISE_WORDS = new Set([
  'rise',
  'rises',
  'rising',
  'risen',
  'rose',
  'up',
  'climb',
  'climbs',
  'climbed',
  'grow',
  'grows',
  'grown',
  'increase',
  'increases',
  'increased',
]);

/** Words after which "fall" is the season. */
const FALL_LEAD_WORDS = new Set([
  ...MONTH_LEAD_WORDS,
  'the',
  'this',
  'next',
  'last',
  'vs',
  'versus',
  'or',
  'and',
  'every',
  'each',
]);

export const SEASON_LABELS: Readonly<Record<Season, string>> = {
  breeding: 'breeding season',
  nonbreeding: 'non-breeding season',
  prebreeding_migration: 'spring migration',
  postbreeding_migration: 'fall migration',
};

function readWholeYear(tokens: readonly Token[], at: number, used: readonly boolean[]): Atom | undefined {
  for (const pattern of WHOLE_YEAR_PHRASES) {
    const end = matchPhrase(pattern, tokens, at, used);
    if (end > 0) return { kind: 'whole_year', from: at, to: end };
  }
  return undefined;
}

/** "in 2019", "2023", "last year", "this year", "next year". */
function readYear(
  tokens: readonly Token[],
  at: number,
  _used: readonly boolean[],
  context: TimeContext,
): Atom | undefined {
  const text = tokens[at]?.text ?? '';
  if (/^(19|20)\d\d$/.test(text)) return { kind: 'year', from: at, to: at + 1, year: Number(text) };
  const shift = { last: -1, this: 0, next: 1, past: -1, previous: -1 }[text];
  if (shift !== undefined && tokens[at + 1]?.text === 'year') {
    const base = context.today?.year ?? context.release;
    return { kind: 'year', from: at, to: at + 2, year: base + shift };
  }
  return undefined;
}

/** "the week of April 26", "week of 2023-05-10": the words "week of" belong to the date (its week), not to a question about weeks. */
function withWeekOf(atom: Atom, tokens: readonly Token[], used: readonly boolean[]): Atom {
  if (
    atom.kind !== 'days' ||
    tokens[atom.from - 1]?.text !== 'of' ||
    !WEEK_WORDS.has(tokens[atom.from - 2]?.text ?? '') ||
    used[atom.from - 2]
  )
    return atom;
  return { ...atom, from: atom.from - 2 };
}

/** Joins "A to B", "from A to B", "between A and B", "April-June", "May 10 to 20" into one span. */
function mergeRanges(atoms: Atom[], tokens: readonly Token[], used: readonly boolean[]): Atom[] {
  const result: Atom[] = [];
  for (let index = 0; index < atoms.length; index++) {
    const a = atoms[index]!;
    const b = atoms[index + 1];
    const lead = tokens[a.from - 1]?.text;
    const between = lead === 'between';
    const connector = b && b.from === a.to + 1 ? tokens[a.to]!.text : undefined;
    const glued = b && b.from === a.to && tokens[b.from]!.joined;
    const joins = connector !== undefined && (RANGE_WORDS.has(connector) || (between && connector === 'and'));
    if (b && (joins || glued) && isSpan(a) && isSpan(b)) {
      const from = lead === 'from' || between ? a.from - 1 : a.from;
      result.push(spanOf(a, b, from, b.to));
      index++;
      continue;
    }
    // "May 10 to 20": a date, a range word and a bare day number.
    if (
      a.kind === 'days' &&
      a.single &&
      a.month !== undefined &&
      tokens[a.to] &&
      RANGE_WORDS.has(tokens[a.to]!.text) &&
      !used[a.to + 1]
    ) {
      const day = /^(\d{1,2})(?:st|nd|rd|th)?$/.exec(tokens[a.to + 1]?.text ?? '');
      const lastDay = day ? Number(day[1]) : undefined;
      if (lastDay !== undefined && lastDay > 0 && a.first + (lastDay - monthDayOf(a)) > a.first) {
        const last = a.first + (lastDay - monthDayOf(a));
        const from = lead === 'from' || between ? a.from - 1 : a.from;
        result.push({ ...a, from, to: a.to + 2, last, single: false, label: `${a.label}–${lastDay}` });
        continue;
      }
    }
    result.push(a);
  }
  return result;
}

function monthDayOf(atom: Extract<Atom, { kind: 'days' }>): number {
  return Number(/\d+$/.exec(atom.label)?.[0] ?? 1);
}

function isSpan(atom: Atom): atom is Extract<Atom, { kind: 'days' | 'weeks' }> {
  return atom.kind === 'days' || atom.kind === 'weeks';
}

function spanOf(
  a: Extract<Atom, { kind: 'days' | 'weeks' }>,
  b: Extract<Atom, { kind: 'days' | 'weeks' }>,
  from: number,
  to: number,
): Atom {
  if (a.kind === 'days' && b.kind === 'days')
    return {
      kind: 'days',
      from,
      to,
      first: a.first,
      last: b.last,
      label: `${a.label}–${b.label}`,
      single: false,
    };
  if (a.kind === 'weeks' && b.kind === 'weeks')
    return { kind: 'weeks', from, to, first: a.first, last: b.last, label: `weeks ${a.first}–${b.last}` };
  // A week with a date: both as weeks (a week stands for its date).
  const weekOf = (atom: Extract<Atom, { kind: 'days' | 'weeks' }>, end: boolean) =>
    atom.kind === 'weeks'
      ? end
        ? atom.last
        : atom.first
      : weeksOfDays(atom.first, atom.last, 366)[end ? 'to' : 'from'];
  return {
    kind: 'weeks',
    from,
    to,
    first: weekOf(a, false),
    last: weekOf(b, true),
    label: `${a.label}–${b.label}`,
  };
}

function toSpec(atom: Atom, yearDays: number): TimeSpec {
  if (atom.kind === 'season') return { kind: 'season', season: atom.season };
  if (atom.kind === 'whole_year' || atom.kind === 'year') return { kind: 'year' };
  if (atom.kind === 'weeks')
    return { kind: 'weeks', from: atom.first, to: atom.last, label: atom.label.slice(0, 80) };
  const weeks = weeksOfDays(atom.first, atom.last, yearDays);
  return { kind: 'weeks', from: weeks.from, to: weeks.to, label: atom.label.slice(0, 80) };
}

function atomLabel(atom: Atom): string {
  if (atom.kind === 'season' || atom.kind === 'days' || atom.kind === 'weeks') return atom.label;
  return atom.kind === 'year' ? String(atom.year) : 'the whole year';
}

function alternativeAtom(atom: Atom): Atom | undefined {
  if (atom.kind === 'days' && atom.alternative)
    return { kind: 'days', from: atom.from, to: atom.to, ...atom.alternative, single: true };
  if (atom.kind === 'season' && atom.alternative)
    return {
      kind: 'season',
      from: atom.from,
      to: atom.to,
      season: atom.alternative,
      label: SEASON_LABELS[atom.alternative],
    };
  return undefined;
}

export { monthDay };
