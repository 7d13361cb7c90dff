import type { PlaceSpec } from '../frame/query-frame';
import { nameWords } from './read-species';
import type { Vocabulary } from './reading';
import { COUNTRY_ALIASES, DISTANCE_UNITS, KNOWN_PLACE_NAMES } from './place-words';
import { STOP_WORDS } from './stop-words';
import { typedWords, type Token } from './tokenise';
import { isTownTitle, townWord, townWords } from './town-words';

/** A name the place reader matches, with what it names. */
type PlaceName =
  | { words: string[]; kind: 'region'; code: string; name: string; needsCapitals: boolean }
  | { words: string[]; kind: 'part'; id: string; name: string; parent: string; needsCapitals: boolean }
  | { words: string[]; kind: 'outside'; name: string; needsCapitals: boolean };

export interface PlaceIndex {
  names: PlaceName[];
  /** Towns by the first word of their name, abbreviations spelled out ("saint" for "St. Johns"). */
  towns: Map<string, Vocabulary['places'][number][]>;
}

/** Cut once per vocabulary: region names, codes and postal codes, part names and aliases, towns. */
export function placeIndex(vocabulary: Vocabulary, isCommonWord: (word: string) => boolean): PlaceIndex {
  const names: PlaceName[] = [];
  const single = (words: string[]) => words.length === 1 && isCommonWord(words[0]!);
  for (const region of vocabulary.regions) {
    const add = (words: string[], needsCapitals: boolean) =>
      words.length > 0 &&
      names.push({ words, kind: 'region', code: region.code, name: region.name, needsCapitals });
    add(nameWords(region.name), false);
    // Codes and postal codes ("USA-MI", "MI", "CAN") only count typed in capitals: "in", "or", "me" are codes too.
    add(nameWords(region.code), true);
    const postal = region.code.split('-')[1];
    if (region.type === 'state' && postal) add([postal.toLowerCase()], true);
    for (const alias of COUNTRY_ALIASES[region.code] ?? []) add(alias.split(' '), alias === 'us');
  }
  for (const part of vocabulary.parts) {
    for (const text of [part.name, ...part.aliases]) {
      const words = nameWords(text);
      if (words.length > 0)
        names.push({
          words,
          kind: 'part',
          id: part.id,
          name: part.name,
          parent: part.parent_code,
          needsCapitals: single(words) || (words.length === 1 && words[0]!.length <= 2),
        });
      if (words[0] === 'the' && words.length > 1)
        names.push({
          words: words.slice(1),
          kind: 'part',
          id: part.id,
          name: part.name,
          parent: part.parent_code,
          needsCapitals: true,
        });
    }
  }
  const held = new Set(names.map((name) => name.words.join(' ')));
  for (const text of KNOWN_PLACE_NAMES)
    if (!held.has(text))
      names.push({ words: text.split(' '), kind: 'outside', name: titleCase(text), needsCapitals: false });
  names.sort((a, b) => b.words.length - a.words.length);
  const towns = new Map<string, Vocabulary['places'][number][]>();
  for (const place of vocabulary.places) {
    const first = townWords(place.name)[0];
    if (first === undefined) continue;
    towns.set(first, [...(towns.get(first) ?? []), place]);
  }
  return { names, towns };
}

function titleCase(text: string): string {
  return text.replace(/\b[a-z]/g, (letter) => letter.toUpperCase());
}

export interface PlaceReading {
  places: { spec: PlaceSpec; label: string; from: number; to: number }[];
  /** Places outside the data (another state when the data is masked), as typed. */
  outside: { words: string; from: number; to: number }[];
  notes: string[];
}

const NEAR_LEAD = new Set([
  'near',
  'nearby',
  'around',
  'by',
  'outside',
  'to',
  'in',
  'at',
  'from',
  'of',
  'about',
  'towards',
  'toward',
  'visiting',
  'visit',
  'past',
  'leaving',
  'reach',
  'reaching',
]);

/** Words joining two places, for a name said once for both ("the Upper or the Lower Peninsula"). */
const PLACE_JOINS = new Set(['or', 'and', 'vs', 'versus', 'than', 'to']);
const DEFAULT_RADIUS_KM = 50;

/**
 * Every place of a question: regions (name, code, postal code, "Mich."), parts ("the UP"),
 * towns as points ("near Marquette", "within 30 miles of Lansing"), and places outside the data.
 */
export function readPlaces(
  question: string,
  tokens: readonly Token[],
  used: boolean[],
  index: PlaceIndex,
  vocabulary: Vocabulary,
  isCommonWord: (word: string) => boolean,
): PlaceReading {
  const reading: PlaceReading = { places: [], outside: [], notes: [] };
  const capitalsEverywhere = tokens.filter((token) => /[a-z]/i.test(token.raw)).every((token) => token.upper);
  let radius: { km: number; from: number } | undefined;
  for (let at = 0; at < tokens.length; at++) {
    if (used[at]) continue;
    const distance = readRadius(tokens, at);
    if (distance) {
      radius = { km: distance.km, from: at };
      for (let position = at; position < distance.to; position++) used[position] = true;
      at = distance.to - 1;
      continue;
    }
    const named = matchName(tokens, at, used, index, capitalsEverywhere);
    if (named) {
      const { name, to } = named;
      claim(used, at, to);
      const words = typedWords(question, tokens, at, to);
      if (name.kind === 'outside') reading.outside.push({ words, from: at, to });
      else if (name.kind === 'region') {
        if (insideMask(name.code, vocabulary)) {
          reading.places.push({ spec: { kind: 'region', code: name.code }, label: name.name, from: at, to });
          if (vocabulary.maskRegion && name.code !== vocabulary.maskRegion)
            reading.notes.push(
              `The data covers only ${regionName(vocabulary.maskRegion, vocabulary)}, so ${name.name} means its modelled cells there.`,
            );
        } else reading.outside.push({ words, from: at, to });
      } else if (
        !vocabulary.maskRegion ||
        name.parent === vocabulary.maskRegion ||
        insideMask(name.parent, vocabulary)
      )
        reading.places.push({ spec: { kind: 'part', part: name.id }, label: name.name, from: at, to });
      else reading.outside.push({ words, from: at, to });
      at = to - 1;
      continue;
    }
    const town = matchTown(
      tokens,
      at,
      used,
      index,
      vocabulary,
      radius !== undefined && radius.from < at,
      isCommonWord,
    );
    if (town) {
      // The place word goes with the town: "near", "around", "close to".
      const previous = tokens[at - 1]?.text ?? '';
      const lead =
        ['near', 'nearby', 'around', 'outside', 'by', 'towards', 'toward'].includes(previous) && !used[at - 1]
          ? at - 1
          : previous === 'to' && ['close', 'next'].includes(tokens[at - 2]?.text ?? '')
            ? at - 2
            : at;
      claim(used, lead, town.to);
      const km = radius ? Math.round(radius.km * 10) / 10 : DEFAULT_RADIUS_KM;
      if (town.outside)
        reading.outside.push({ words: typedWords(question, tokens, at, town.to), from: at, to: town.to });
      else {
        reading.places.push({
          spec: {
            kind: 'near',
            name: town.place.name,
            lon: town.place.lon,
            lat: town.place.lat,
            radius_km: Math.min(500, Math.max(1, km)),
          },
          label: `within ${km} km of ${town.place.name}`,
          from: at,
          to: town.to,
        });
        if (town.note) reading.notes.push(town.note);
        if (!radius)
          reading.notes.push(
            `I read '${typedWords(question, tokens, at, town.to)}' as the cells within ${DEFAULT_RADIUS_KM} km of ${town.place.name}.`,
          );
      }
      at = town.to - 1;
    }
  }
  readSharedNames(tokens, used, index, reading);
  return reading;
}

/**
 * "the Upper or the Lower Peninsula", "northern and southern Michigan": the first place's name
 * lacks the words it shares with the second. A free word before a join word, with the second
 * name's other words, that makes a name of the index is that place.
 */
function readSharedNames(
  tokens: readonly Token[],
  used: boolean[],
  index: PlaceIndex,
  reading: PlaceReading,
): void {
  for (const second of [...reading.places]) {
    if (second.spec.kind !== 'part' && second.spec.kind !== 'region') continue;
    let join = second.from - 1;
    // "than in southern Michigan", "or the Lower Peninsula": the place word and article go with the second name.
    while (['the', 'in', 'near', 'around'].includes(tokens[join]?.text ?? '') && join > second.from - 3)
      join--;
    if (!PLACE_JOINS.has(tokens[join]?.text ?? '')) continue;
    const at = join - 1;
    const token = tokens[at];
    if (!token || used[at]) continue;
    const secondWords = tokens
      .slice(second.from, second.to)
      .map((entry) => entry.text)
      .filter((word) => word !== 'the');
    for (let keep = 1; keep < secondWords.length; keep++) {
      // The first place says its own first words and shares the rest: "upper" + "peninsula", "northern" + "michigan".
      const words = [token.text, ...secondWords.slice(keep)];
      const name = index.names.find(
        (candidate) => candidate.kind !== 'outside' && candidate.words.join(' ') === words.join(' '),
      );
      if (!name) continue;
      const spec: PlaceSpec =
        name.kind === 'part'
          ? { kind: 'part', part: name.id }
          : { kind: 'region', code: (name as { code: string }).code };
      if (JSON.stringify(spec) === JSON.stringify(second.spec)) break;
      used[at] = true;
      reading.places.splice(reading.places.indexOf(second), 0, {
        spec,
        label: name.name,
        from: at,
        to: at + 1,
      });
      break;
    }
  }
}

function claim(used: boolean[], from: number, to: number): void {
  for (let index = from; index < to; index++) used[index] = true;
}

/** Whether a region is the data's mask, holds it (USA holds USA-MI), or lies inside it; always true without a mask. */
function insideMask(code: string, vocabulary: Vocabulary): boolean {
  const mask = vocabulary.maskRegion;
  if (!mask || code === mask) return true;
  const parentOf = (child: string) =>
    vocabulary.regions.find((region) => region.code === child)?.parent_code ?? null;
  for (let at: string | null = parentOf(mask); at; at = parentOf(at)) if (at === code) return true;
  for (let at: string | null = parentOf(code); at; at = parentOf(at)) if (at === mask) return true;
  return false;
}

function regionName(code: string, vocabulary: Vocabulary): string {
  return vocabulary.regions.find((region) => region.code === code)?.name ?? code;
}

/** "within 30 km of", "30 miles from", "a 20 km radius around". */
function readRadius(tokens: readonly Token[], at: number): { km: number; to: number } | undefined {
  let index = at;
  if (['within', 'in', 'inside'].includes(tokens[index]?.text ?? '')) index++;
  if (tokens[index]?.text === 'a') index++;
  const value = Number(tokens[index]?.text);
  if (!Number.isFinite(value) || value <= 0 || !/^\d/.test(tokens[index]?.text ?? '')) return undefined;
  const factor = DISTANCE_UNITS[tokens[index + 1]?.text ?? ''];
  if (factor === undefined) return undefined;
  let end = index + 2;
  if (tokens[end]?.text === 'radius') end++;
  if (!['of', 'from', 'around', 'near'].includes(tokens[end]?.text ?? '')) return undefined;
  return { km: value * factor, to: end + 1 };
}

function matchName(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  index: PlaceIndex,
  capitalsEverywhere: boolean,
): { name: PlaceName; to: number } | undefined {
  for (const name of index.names) {
    const fits = name.words.every((word, offset) => {
      const token = tokens[at + offset];
      return token !== undefined && !used[at + offset] && token.text === word;
    });
    if (!fits) continue;
    const token = tokens[at]!;
    // In a question typed all in capitals, only codes that are no common word count ("MI" yes, "IN" no).
    const capitals = token.upper && (!capitalsEverywhere || !STOP_WORDS.has(token.text));
    if (
      name.needsCapitals &&
      !capitals &&
      !(name.kind === 'part' && name.words.length === 1 && tokens[at - 1]?.text === 'the')
    )
      continue;
    return { name, to: at + name.words.length };
  }
  // "Mich.", "Wisc.", "Minn.": a typed abbreviation (with its period) of a region name.
  const token = tokens[at];
  if (token?.period && token.text.length >= 3 && !STOP_WORDS.has(token.text)) {
    const regions = index.names.filter(
      (name) =>
        name.kind !== 'part' &&
        name.words.length === 1 &&
        name.words[0]!.startsWith(token.text) &&
        name.words[0] !== token.text,
    );
    if (regions.length === 1) return { name: regions[0]!, to: at + 1 };
  }
  return undefined;
}

/**
 * A town of the gazetteer after a place word ("near", "around", "in") or typed capitalised:
 * the longest name; among towns of that name, those in the mask region, then the most populous.
 */
function matchTown(
  tokens: readonly Token[],
  at: number,
  used: readonly boolean[],
  index: PlaceIndex,
  vocabulary: Vocabulary,
  afterRadius: boolean,
  isCommonWord: (word: string) => boolean,
): { place: Vocabulary['places'][number]; to: number; outside: boolean; note?: string } | undefined {
  const token = tokens[at]!;
  const candidates = index.towns.get(townWord(token.text));
  if (!candidates) return undefined;
  const lead = NEAR_LEAD.has(tokens[at - 1]?.text ?? '') || afterRadius;
  const capitalised = /^[A-Z]/.test(token.raw) && at > 0;
  // A town named like a common word ("Hope", "Mass") counts only capitalised.
  if (isCommonWord(token.text) && !isTownTitle(token.text) ? !capitalised : !lead && !capitalised)
    return undefined;
  let best: { places: Vocabulary['places'][number][]; length: number } | undefined;
  for (const place of candidates) {
    const words = townWords(place.name);
    const fits = words.every(
      (word, offset) => townWord(tokens[at + offset]?.text ?? '') === word && !used[at + offset],
    );
    if (!fits) continue;
    if (!best || words.length > best.length) best = { places: [place], length: words.length };
    else if (words.length === best.length) best.places.push(place);
  }
  if (!best) return undefined;
  const mask = vocabulary.maskRegion;
  const inMask = mask
    ? best.places.filter((place) => place.region_code === mask || place.region_code === null)
    : best.places;
  const pool = inMask.length > 0 ? inMask : best.places;
  const place = [...pool].sort((a, b) => b.population - a.population)[0]!;
  const outside = mask !== undefined && inMask.length === 0;
  const note =
    pool.length > 1
      ? `There are ${pool.length} places named ${place.name}; I used the most populous (${place.lon.toFixed(2)}, ${place.lat.toFixed(2)}).`
      : undefined;
  return { place, to: at + best.length, outside, ...(note ? { note } : {}) };
}
