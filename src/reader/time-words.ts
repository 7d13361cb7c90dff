import type { Season } from '../frame/query-frame';
import { easter, nthWeekday } from './calendar';
import { phrase, type Phrase } from './phrase';

/** Month words: full names, three-letter abbreviations, "sept". */
export const MONTH_WORDS: Readonly<Record<string, number>> = {
  january: 1,
  jan: 1,
  february: 2,
  feb: 2,
  march: 3,
  mar: 3,
  april: 4,
  apr: 4,
  may: 5,
  june: 6,
  jun: 6,
  july: 7,
  jul: 7,
  august: 8,
  aug: 8,
  september: 9,
  sep: 9,
  sept: 9,
  october: 10,
  oct: 10,
  november: 11,
  nov: 11,
  december: 12,
  dec: 12,
};

/**
 * Month words that are also everyday words ("where may I see one", "does it march", "mar the
 * view"): read as months only after a time word, before a day number, or capitalised mid-sentence.
 */
export const MONTHS_ALSO_WORDS = new Set(['may', 'march', 'mar', 'jan', 'sat']);

/** Words after which a verb-like month word is a month: "in May", "early May", "May or June". */
export const MONTH_LEAD_WORDS = new Set([
  'in',
  'during',
  'of',
  'early',
  'late',
  'mid',
  'middle',
  'by',
  'through',
  'thru',
  'until',
  'till',
  'since',
  'from',
  'to',
  'and',
  'or',
  'between',
  'vs',
  'versus',
  'than',
  'for',
  'beginning',
  'end',
  'start',
  'around',
  'on',
  'before',
  'after',
  'about',
  'is',
  'like',
  '-',
]);

/** Ordinal words for days and weeks of a month. */
export const ORDINAL_WORDS: Readonly<Record<string, number>> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  fifteenth: 15,
  twentieth: 20,
  thirtieth: 30,
};

/** eBird's four seasons in everyday words, one entry per phrase; longest phrases first is not needed (matched longest-first). */
export const SEASON_PHRASES: readonly { phrase: Phrase; season: Season }[] = [
  ['breeding ?season|period|months', 'breeding'],
  ['nesting ?season|period|time', 'breeding'],
  ['summer|summertime|summers ?season|months|time', 'breeding'],
  ['non breeding ?season|period|months', 'nonbreeding'],
  ['nonbreeding ?season|period|months', 'nonbreeding'],
  ['winter|wintertime|winters|wintering ?season|period|months|time', 'nonbreeding'],
  ['overwinter*', 'nonbreeding'],
  ['spring|springtime ?migration|passage|season|months|time', 'prebreeding_migration'],
  ['pre breeding ?migration|season|period', 'prebreeding_migration'],
  ['prebreeding ?migration|season|period', 'prebreeding_migration'],
  ['northbound|northward ?migration|passage', 'prebreeding_migration'],
  ['fall|autumn ?migration|passage|season|months|time', 'postbreeding_migration'],
  ['post breeding ?migration|season|period', 'postbreeding_migration'],
  ['postbreeding ?migration|season|period', 'postbreeding_migration'],
  ['southbound|southward ?migration|passage', 'postbreeding_migration'],
].map(([text, season]) => ({ phrase: phrase(text!), season: season as Season }));

/** "migration" alone: read as spring migration, with fall migration as the alternative reading. */
export const MIGRATION_PHRASE = phrase('migration|migrating|migrate');

/** The whole year in words. */
export const WHOLE_YEAR_PHRASES: readonly Phrase[] = [
  'all|whole|entire ?the year',
  'year round',
  'throughout the year',
  'all year long',
  'any time ?of ?the ?year',
  'over the year',
  'annual|annually',
].map(phrase);

/** A holiday: its phrases and its date in a year (US holidays where countries differ). */
export interface Holiday {
  name: string;
  phrases: readonly Phrase[];
  date: (year: number) => { month: number; day: number };
}

const fixed = (month: number, day: number) => () => ({ month, day });
const nth = (month: number, weekday: number, n: number) => (year: number) => ({
  month,
  day: nthWeekday(year, month, weekday, n),
});

export const HOLIDAYS: readonly Holiday[] = [
  { name: 'Thanksgiving', phrases: ['thanksgiving ?day|weekend'], date: nth(11, 4, 4) },
  {
    name: 'Black Friday',
    phrases: ['black friday'],
    date: (year: number) => ({ month: 11, day: nthWeekday(year, 11, 4, 4) + 1 }),
  },
  { name: 'Memorial Day', phrases: ['memorial day ?weekend'], date: nth(5, 1, -1) },
  {
    name: 'Independence Day',
    phrases: ['independence day', '4th|fourth of july', 'july 4th|fourth', 'fourth|4th ?of ?july weekend'],
    date: fixed(7, 4),
  },
  { name: 'Halloween', phrases: ['halloween'], date: fixed(10, 31) },
  { name: 'Christmas Eve', phrases: ['christmas|xmas eve'], date: fixed(12, 24) },
  { name: 'Christmas', phrases: ['christmas|xmas ?day'], date: fixed(12, 25) },
  { name: "New Year's Eve", phrases: ['new year|years eve'], date: fixed(12, 31) },
  { name: "New Year's Day", phrases: ['new year|years ?day'], date: fixed(1, 1) },
  { name: 'Labor Day', phrases: ['labor|labour day ?weekend'], date: nth(9, 1, 1) },
  { name: 'Easter', phrases: ['easter ?sunday|weekend'], date: easter },
  { name: "Mother's Day", phrases: ['mother|mothers day'], date: nth(5, 0, 2) },
  { name: "Father's Day", phrases: ['father|fathers day'], date: nth(6, 0, 3) },
  { name: "Valentine's Day", phrases: ['valentine|valentines ?day'], date: fixed(2, 14) },
  { name: "St. Patrick's Day", phrases: ['st|saint patrick|patricks ?day'], date: fixed(3, 17) },
  { name: 'Groundhog Day', phrases: ['groundhog day'], date: fixed(2, 2) },
  { name: 'Earth Day', phrases: ['earth day'], date: fixed(4, 22) },
  {
    name: 'Martin Luther King Jr. Day',
    phrases: ['martin luther king ?jr ?day', 'mlk day'],
    date: nth(1, 1, 3),
  },
  { name: "Presidents' Day", phrases: ['president|presidents day'], date: nth(2, 1, 3) },
  { name: 'Columbus Day', phrases: ['columbus day', 'indigenous peoples day'], date: nth(10, 1, 2) },
  { name: 'Veterans Day', phrases: ['veteran|veterans day'], date: fixed(11, 11) },
  { name: 'Juneteenth', phrases: ['juneteenth'], date: fixed(6, 19) },
  { name: 'Canada Day', phrases: ['canada day'], date: fixed(7, 1) },
  // Solstices and equinoxes on their usual dates (they move by a day between years; a week of the estimates spans seven).
  // Before the seasons: "the summer solstice" is one day, not the breeding season.
  {
    name: 'the summer solstice',
    phrases: ['summer|june|northern solstice', 'midsummer ?day'],
    date: fixed(6, 21),
  },
  { name: 'the winter solstice', phrases: ['winter|december solstice'], date: fixed(12, 21) },
  { name: 'the spring equinox', phrases: ['spring|vernal|march equinox'], date: fixed(3, 20) },
  { name: 'the autumn equinox', phrases: ['fall|autumn|autumnal|september equinox'], date: fixed(9, 22) },
].map((holiday: { name: string; phrases: string[]; date: Holiday['date'] }) => ({
  ...holiday,
  phrases: holiday.phrases.map(phrase),
}));

/** Words that join two times into one span ("April to June", "weeks 10-20"). */
export const RANGE_WORDS = new Set(['to', 'through', 'thru', 'until', 'till', 'til', '-', 'into']);

/** Part-of-month words: early = days 1–10, mid = 11–20, late = 21–end. */
export const PART_OF_MONTH: Readonly<Record<string, 'early' | 'mid' | 'late'>> = {
  early: 'early',
  beginning: 'early',
  start: 'early',
  mid: 'mid',
  middle: 'mid',
  late: 'late',
  end: 'late',
};
