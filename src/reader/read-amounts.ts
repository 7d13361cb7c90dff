import type { AreaUnit } from '../frame/query-frame';
import { matchPhrase, phrase, type Phrase } from './phrase';
import type { Token } from './tokenise';

/** Number words up to 25 (top_n's limit) and the fractions "half", "quarter", "third". */
export const NUMBER_WORDS: Readonly<Record<string, number>> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
  twenty: 20,
  'twenty five': 25,
  dozen: 12,
};

const FRACTION_WORDS: Readonly<Record<string, number>> = {
  half: 0.5,
  quarter: 0.25,
  third: 1 / 3,
  tenth: 0.1,
};

/** Units of area, one entry per way of writing them. */
const UNIT_PHRASES: readonly { phrase: Phrase; unit: AreaUnit }[] = [
  ['km2|sqkm|km²', 'km2'],
  ['sq|square km|kms|kilometers|kilometres|kilometer|kilometre', 'km2'],
  ['km squared', 'km2'],
  ['mi2|sqmi', 'mi2'],
  ['sq|square mi|mile|miles', 'mi2'],
  ['miles squared', 'mi2'],
  ['acre|acres', 'acres'],
  ['hectare|hectares|ha', 'hectares'],
].map(([text, unit]) => ({ phrase: phrase(text!), unit: unit as AreaUnit }));

/** "above", "at least", "more than", "over", ">", "exceeds": at-or-above a value. */
const ABOVE: readonly Phrase[] = [
  'above',
  'over',
  'exceed|exceeds|exceeding|exceeded',
  'beyond',
  'at least',
  'no less than',
  'not less than',
  'more than',
  'greater than',
  'higher than',
  '>|>=',
  'reach|reaches|reaching|hit|hits',
  'of at least',
  'bigger than',
  'upwards of',
  'equal to or above|greater|more',
  'threshold|cutoff|cut-off ?of|at|=|>=|is',
  'cut off ?of|at',
  'a threshold|cutoff of',
].map(phrase);

/** "0.3 or more", "at 0.15 or above", "of 0.2 and up": at-or-above written after the number. */
const OR_MORE: readonly Phrase[] = [
  'or more|above|higher|greater|over|better|up',
  'and up|above|over|higher',
  'plus',
].map(phrase);

/** Words that may lead a number written with "or more": "at 0.15 or more", "of 0.2 or more". */
const OR_MORE_LEADS = new Set(['at', 'of', 'is', 'be', 'reaches', 'reach', 'with']);

/** "top 5", "5 best", "three highest", "10 places", "the best 3". */
const TOP_WORDS = new Set([
  'top',
  'best',
  'highest',
  'lowest',
  'most',
  'bottom',
  'worst',
  'first',
  'fewest',
  'least',
  'largest',
  'biggest',
  'smallest',
]);
/** Top words that ask for the bottom of the list ("the 3 lowest cells"). */
const BOTTOM_WORDS = new Set(['lowest', 'bottom', 'worst', 'fewest', 'least', 'smallest']);
const TOP_NOUNS = new Set([
  'places',
  'place',
  'cells',
  'cell',
  'spots',
  'spot',
  'areas',
  'area',
  'locations',
  'location',
  'sites',
  'site',
  'regions',
  'region',
  'towns',
  'counties',
  'hotspots',
  'squares',
]);

export interface AmountReading {
  /** `direction`: the top word it took ("3 lowest" asks for the bottom), for the operation. */
  topN?: { value: number; from: number; to: number; direction?: 'high' | 'low' };
  /** `ofChecklists`: "more than half of checklists" — a share of checklists is the chance of detection. */
  threshold?: {
    value: number;
    of: 'value' | 'peak_share';
    percent: boolean;
    from: number;
    to: number;
    ofChecklists?: boolean;
  };
  units?: { unit: AreaUnit; from: number; to: number };
  notes: string[];
}

function numberAt(tokens: readonly Token[], at: number): { value: number; to: number } | undefined {
  const text = tokens[at]?.text ?? '';
  if (/^\d*\.?\d+$/.test(text)) return { value: Number(text), to: at + 1 };
  if (text === 'twenty' && tokens[at + 1]?.text === 'five') return { value: 25, to: at + 2 };
  const word = NUMBER_WORDS[text];
  return word !== undefined ? { value: word, to: at + 1 } : undefined;
}

/**
 * Top-n, threshold and area unit of a question. A number is taken by the first of these that
 * fits it; weeks and dates were read before, so "week 24" never becomes a threshold.
 */
export function readAmounts(tokens: readonly Token[], used: boolean[]): AmountReading {
  const reading: AmountReading = { notes: [] };
  const claim = (from: number, to: number) => {
    for (let index = from; index < to; index++) used[index] = true;
  };
  for (let at = 0; at < tokens.length; at++) {
    if (used[at]) continue;
    const top = readTopN(tokens, at, used);
    if (top && !reading.topN) {
      reading.topN = top;
      claim(top.from, top.to);
      at = top.to - 1;
      continue;
    }
    const threshold = readThreshold(tokens, at, used);
    if (threshold && !reading.threshold) {
      reading.threshold = threshold;
      claim(threshold.from, threshold.to);
      at = threshold.to - 1;
      continue;
    }
    for (const entry of UNIT_PHRASES) {
      const end = matchPhrase(entry.phrase, tokens, at, used);
      if (end < 0 || reading.units) continue;
      reading.units = { unit: entry.unit, from: at, to: end };
      claim(at, end);
      at = end - 1;
      break;
    }
  }
  if (reading.topN && reading.topN.value > 25) {
    reading.notes.push(`I can list at most 25 places; I used 25 for ${reading.topN.value}.`);
    reading.topN.value = 25;
  }
  return reading;
}

function readTopN(tokens: readonly Token[], at: number, used: readonly boolean[]): AmountReading['topN'] {
  const text = tokens[at]?.text ?? '';
  const direction = (word: string) => (BOTTOM_WORDS.has(word) ? ('low' as const) : ('high' as const));
  if (TOP_WORDS.has(text)) {
    const number = numberAt(tokens, at + 1);
    if (number && !used[at + 1] && Number.isInteger(number.value) && number.value >= 1)
      return { value: number.value, from: at, to: number.to, direction: direction(text) };
  }
  const number = numberAt(tokens, at);
  if (!number || !Number.isInteger(number.value) || number.value < 1 || number.value > 100) return undefined;
  const next = tokens[number.to]?.text ?? '';
  if (TOP_WORDS.has(next) && next !== 'first')
    return { value: number.value, from: at, to: number.to + 1, direction: direction(next) };
  if (TOP_NOUNS.has(next)) return { value: number.value, from: at, to: number.to };
  return undefined;
}

function readThreshold(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
): AmountReading['threshold'] {
  let end = -1;
  for (const pattern of ABOVE) end = Math.max(end, matchPhrase(pattern, tokens, at, used));
  if (end < 0) return readOrMore(tokens, at, used);
  let index = end;
  if (tokens[index]?.text === 'a' || tokens[index]?.text === 'one') index++;
  const fraction = FRACTION_WORDS[tokens[index]?.text ?? ''];
  const number = fraction === undefined ? numberAt(tokens, index) : { value: fraction, to: index + 1 };
  if (!number) return undefined;
  index = number.to;
  let value = number.value;
  let percent = false;
  if (['percent', 'pct', 'per'].includes(tokens[index]?.text ?? '')) {
    percent = true;
    value /= 100;
    index += tokens[index]!.text === 'per' && tokens[index + 1]?.text === 'cent' ? 2 : 1;
  }
  // "25% of the peak", "half of its maximum": a share of the peak weekly mean.
  let probe = index;
  if (tokens[probe]?.text === 'of') probe++;
  if (['the', 'its', 'their'].includes(tokens[probe]?.text ?? '')) probe++;
  if (['peak', 'maximum', 'max', 'highest'].includes(tokens[probe]?.text ?? '') && probe > index) {
    let to = probe + 1;
    if (['week', 'value', 'abundance', 'level'].includes(tokens[to]?.text ?? '')) to++;
    return { value, of: 'peak_share', percent, from: at, to };
  }
  return {
    value,
    of: 'value',
    percent: percent || fraction !== undefined,
    from: at,
    to: index,
    ...ofChecklists(tokens, index),
  };
}

/** "of checklists", "on all checklists" right after a threshold. */
function ofChecklists(tokens: readonly Token[], at: number): { ofChecklists?: true; to?: number } {
  let index = at;
  if (['of', 'on', 'in'].includes(tokens[index]?.text ?? '')) index++;
  else return {};
  if (['the', 'all'].includes(tokens[index]?.text ?? '')) index++;
  return ['checklists', 'checklist', 'lists', 'outings'].includes(tokens[index]?.text ?? '')
    ? { ofChecklists: true, to: index + 1 }
    : {};
}

/** A threshold written with the comparison after the number: "(at) 0.15 or more", "0.2 and up", "30% or higher". */
function readOrMore(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
): AmountReading['threshold'] {
  const lead = OR_MORE_LEADS.has(tokens[at]?.text ?? '') && !used[at] ? at + 1 : at;
  const number = numberAt(tokens, lead);
  if (!number || used[lead]) return undefined;
  let index = number.to;
  let value = number.value;
  let percent = false;
  if (tokens[index]?.text === 'percent') {
    percent = true;
    value /= 100;
    index++;
  }
  let end = -1;
  for (const pattern of OR_MORE) end = Math.max(end, matchPhrase(pattern, tokens, index, used));
  if (end < 0) return undefined;
  return { value, of: 'value', percent, from: at, to: end, ...ofChecklists(tokens, end) };
}

/** "25% of the peak", "a quarter of the peak" without a comparison word: only with "of the peak". */
export function readPeakShare(tokens: readonly Token[], used: boolean[]): AmountReading['threshold'] {
  for (let at = 0; at < tokens.length; at++) {
    if (used[at]) continue;
    let index = at;
    if (tokens[index]?.text === 'a') index++;
    const fraction = FRACTION_WORDS[tokens[index]?.text ?? ''];
    const number = fraction === undefined ? numberAt(tokens, index) : { value: fraction, to: index + 1 };
    if (!number) continue;
    let next = number.to;
    let value = number.value;
    if (tokens[next]?.text === 'percent') {
      value /= 100;
      next++;
    }
    if (tokens[next]?.text !== 'of') continue;
    let probe = next + 1;
    if (['the', 'its', 'their'].includes(tokens[probe]?.text ?? '')) probe++;
    if (!['peak', 'maximum', 'max'].includes(tokens[probe]?.text ?? '')) continue;
    for (let position = at; position <= probe; position++) used[position] = true;
    return { value, of: 'peak_share', percent: true, from: at, to: probe + 1 };
  }
  return undefined;
}
