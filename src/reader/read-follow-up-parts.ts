import type { PlaceSpec, QueryFrame } from '../frame/query-frame';
import { THRESHOLD_OPERATIONS } from './fitting-operations';
import type { Vocabulary } from './reading';
import type { Token } from './tokenise';

/** Direction words and the first word of the part names they start ("the north" → "northern Michigan", "the lower" → "Lower Peninsula"). */
const DIRECTION_WORDS: Readonly<Record<string, string>> = {
  north: 'northern',
  northern: 'northern',
  south: 'southern',
  southern: 'southern',
  east: 'eastern',
  eastern: 'eastern',
  west: 'western',
  western: 'western',
  upper: 'upper',
  lower: 'lower',
};

/** Words after a direction that only say "part": "the southern part", "the lower half". */
const PART_NOUNS = new Set(['part', 'parts', 'half', 'side', 'portion', 'section', 'one', 'end']);

/**
 * "same for southern", "and the lower?", "what about the north?" after a question about a
 * place: a bare direction word names a part of that place's region (the region of the part,
 * region or town asked about before; else the region the data is masked to). Returns the part
 * and claims its tokens, or nothing when no part of that region starts with the word.
 */
export function readBarePart(
  tokens: readonly Token[],
  used: boolean[],
  vocabulary: Vocabulary,
  previous: QueryFrame,
): { spec: PlaceSpec; name: string } | undefined {
  const parent = regionOf(previous.places[0], vocabulary) ?? vocabulary.maskRegion;
  if (!parent) return undefined;
  for (let at = 0; at < tokens.length; at++) {
    const direction = DIRECTION_WORDS[tokens[at]!.text];
    if (used[at] || direction === undefined) continue;
    const part = vocabulary.parts.find(
      (entry) => entry.parent_code === parent && entry.name.toLowerCase().split(/\s+/)[0] === direction,
    );
    if (!part) continue;
    used[at] = true;
    if (PART_NOUNS.has(tokens[at + 1]?.text ?? '') && !used[at + 1]) used[at + 1] = true;
    return { spec: { kind: 'part', part: part.id }, name: part.name };
  }
  return undefined;
}

function regionOf(place: PlaceSpec | undefined, vocabulary: Vocabulary): string | undefined {
  if (!place) return undefined;
  if (place.kind === 'part') return vocabulary.parts.find((part) => part.id === place.part)?.parent_code;
  if (place.kind === 'region') return place.code;
  if (place.kind === 'near')
    return (
      vocabulary.places.find(
        (town) =>
          town.name === place.name &&
          Math.abs(town.lon - place.lon) < 0.01 &&
          Math.abs(town.lat - place.lat) < 0.01,
      )?.region_code ?? undefined
    );
  return undefined;
}

/**
 * "and at 0.6?", "what about 0.5?", "0.25 then?" after a question with a threshold: a lone number
 * no other reader took is the new threshold (of the same kind: a value or a share of the peak).
 * A number above 1 is a percentage ("and 30?" after "above 20%") only when the previous one was.
 */
export function readBareThreshold(
  tokens: readonly Token[],
  used: boolean[],
  previous: QueryFrame,
): { value: number; of: 'value' | 'peak_share'; percent: boolean; from: number; to: number } | undefined {
  if (!previous.threshold && !THRESHOLD_OPERATIONS.includes(previous.operation)) return undefined;
  const free = tokens
    .map((token, index) => ({ token, index }))
    .filter(({ token, index }) => !used[index] && /^\d*\.?\d+$/.test(token.text));
  if (free.length !== 1) return undefined;
  const { token, index } = free[0]!;
  let value = Number(token.text);
  let to = index + 1;
  const percent = tokens[to]?.text === 'percent';
  if (percent) {
    value /= 100;
    to++;
  }
  if (!Number.isFinite(value) || value <= 0 || (value > 1 && previous.measure !== 'range_area'))
    return undefined;
  for (let position = index; position < to; position++) used[position] = true;
  return { value, of: previous.threshold?.of ?? 'value', percent, from: index, to };
}
