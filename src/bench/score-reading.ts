import type { PlaceSpec, QueryFrame, TimeSpec } from '../frame/query-frame';
import type { OutOfScope, Reading } from '../reader';

/**
 * Whether the agent read a question the way the dev set expects (src/bench/questions/dev-set.json,
 * `expect_reading`), compared part by part with the frame the agent recorded for the turn. Only
 * the parts the expectation states are compared, and parts that mean the same cells or weeks are
 * equal: "all", no place and region USA-MI (the example is masked to Michigan); no time and the
 * whole year; `value` and `which_larger` over two subjects (both give each subject's figure).
 */

/** A time as the dev set writes it: the frame's kinds, without the label. */
export type ExpectedTime =
  | { kind: 'year' }
  | { kind: 'weeks'; from: number; to: number }
  | { kind: 'season'; season: string };
/** A place as the dev set writes it; `near` carries the town's coordinates and the radius. */
export type ExpectedPlace =
  | { kind: 'all' }
  | { kind: 'region'; code: string }
  | { kind: 'part'; part: string }
  | { kind: 'near'; name: string; lon: number; lat: number; radius_km: number };

export interface ExpectedReading {
  species?: string[];
  measure: QueryFrame['measure'];
  operation: QueryFrame['operation'];
  time?: ExpectedTime;
  /** Two times compared (instead of `time`). */
  times?: ExpectedTime[];
  place?: ExpectedPlace;
  /** Two places compared (instead of `place`). */
  places?: ExpectedPlace[];
  threshold?: { value: number; of: 'value' | 'peak_share' };
  top_n?: number;
  units?: QueryFrame['units'];
  interval?: boolean;
}

/** What a turn records of its reading (ask-runner JSON / agent event `reading`). */
export type RecordedReading = Pick<Reading, 'summary'> &
  Partial<Pick<Reading, 'unknown' | 'outOfScope'>> & { frame?: QueryFrame };

export interface ReadingCheck {
  /** `unchecked`: the question states no expected reading (public.json, offline-extra.json). */
  status: 'matched' | 'mismatched' | 'none' | 'unchecked';
  problems: string[];
}

/** A town read within this distance of the expected coordinates is the same town. */
const SAME_TOWN_DEGREES = 0.25;
const DEFAULT_RADIUS_KM = 50;
const DEFAULT_THRESHOLD = { value: 0.25, of: 'peak_share' } as const;
/** The operations a threshold changes; elsewhere a threshold in the frame is ignored. */
const THRESHOLD_OPERATIONS = new Set<string>([
  'first_week_above',
  'last_week_above',
  'length_of_stay',
  'cells_above',
]);

/** Named parts by what their id says (region-parts ids are not fixed yet: `upper_peninsula`, `up`, `north`…). */
const PART_PATTERNS: [string, RegExp][] = [
  ['upper_peninsula', /upper|^up$/],
  ['lower_peninsula', /lower|^lp$/],
  ['northern_michigan', /north/],
  ['southern_michigan', /south/],
];

function isReading(value: unknown): value is RecordedReading {
  return (
    typeof value === 'object' &&
    value !== null &&
    typeof (value as { summary?: unknown }).summary === 'string'
  );
}

/**
 * The last reading recorded in any of the sources: an object with a `reading` field (an
 * ask-runner record, a turn summary, an agent event) or an array of such objects (the events of
 * a turn). Undefined when none records one.
 */
export function findRecordedReading(sources: readonly unknown[]): RecordedReading | undefined {
  let found: RecordedReading | undefined;
  for (const source of sources) {
    if (Array.isArray(source)) {
      const inner = findRecordedReading(source);
      if (inner) found = inner;
    } else if (
      typeof source === 'object' &&
      source !== null &&
      'reading' in source &&
      isReading((source as { reading: unknown }).reading)
    ) {
      found = (source as { reading: RecordedReading }).reading;
    }
  }
  return found;
}

export function partId(part: string): string {
  const lower = part.toLowerCase();
  return PART_PATTERNS.find(([, pattern]) => pattern.test(lower))?.[0] ?? lower;
}

function placeKey(place: ExpectedPlace | PlaceSpec | undefined): string {
  if (!place || place.kind === 'all' || (place.kind === 'region' && place.code === 'USA-MI')) return 'all';
  if (place.kind === 'region') return `region ${place.code}`;
  if (place.kind === 'part') return `part ${partId(place.part)}`;
  return `near ${place.name}`;
}

function samePlace(expected: ExpectedPlace | undefined, read: PlaceSpec | undefined): boolean {
  if (expected?.kind === 'near') {
    if (read?.kind !== 'near') return false;
    const radius = read.radius_km ?? DEFAULT_RADIUS_KM;
    return (
      Math.abs(read.lat - expected.lat) <= SAME_TOWN_DEGREES &&
      Math.abs(read.lon - expected.lon) <= SAME_TOWN_DEGREES &&
      Math.abs(radius - expected.radius_km) < 0.5
    );
  }
  return placeKey(expected) === placeKey(read);
}

function timeKey(time: ExpectedTime | TimeSpec | undefined): string {
  if (!time || time.kind === 'year') return 'year';
  if (time.kind === 'season') return `season ${time.season}`;
  return `weeks ${time.from}–${time.to}`;
}

/** Same members in either order (two times or two places compared). */
function samePairs<E, R>(
  expected: readonly E[],
  read: readonly R[],
  same: (e: E | undefined, r: R | undefined) => boolean,
): boolean {
  if (expected.length <= 1 && read.length <= 1) return same(expected[0], read[0]);
  if (expected.length !== read.length) return false;
  return (
    (same(expected[0], read[0]) && same(expected[1], read[1])) ||
    (same(expected[0], read[1]) && same(expected[1], read[0]))
  );
}

function describePlaces(places: readonly (ExpectedPlace | PlaceSpec)[]): string {
  return places.length ? places.map(placeKey).join(' & ') : 'all';
}

function describeTimes(times: readonly (ExpectedTime | TimeSpec)[]): string {
  return times.length ? times.map(timeKey).join(' & ') : 'year';
}

/** Problems between an expected reading and a read frame; empty when they mean the same figures. */
export function readingProblems(expected: ExpectedReading, frame: QueryFrame): string[] {
  const problems: string[] = [];
  const expectedTimes = expected.times ?? (expected.time ? [expected.time] : []);
  const expectedPlaces = expected.places ?? (expected.place ? [expected.place] : []);
  const twoSubjects = expectedTimes.length > 1 || expectedPlaces.length > 1;
  if (frame.measure !== expected.measure)
    problems.push(`measure ${frame.measure}, expected ${expected.measure}`);
  const comparison = new Set(['value', 'which_larger']);
  if (
    frame.operation !== expected.operation &&
    !(twoSubjects && comparison.has(frame.operation) && comparison.has(expected.operation))
  )
    problems.push(`operation ${frame.operation}, expected ${expected.operation}`);
  for (const code of expected.species ?? [])
    if (!frame.species.includes(code))
      problems.push(`species [${frame.species.join(', ')}], expected ${code}`);
  // The trend measure has one season (breeding): reading it with that season is the same reading.
  const readTimes = frame.times.filter(
    (time) => !(expected.measure === 'trend' && time.kind === 'season' && time.season === 'breeding'),
  );
  if (
    !samePairs(
      expectedTimes.filter((time) => time.kind !== 'year'),
      readTimes.filter((time) => time.kind !== 'year'),
      (e, r) => timeKey(e) === timeKey(r),
    )
  )
    problems.push(`time ${describeTimes(readTimes)}, expected ${describeTimes(expectedTimes)}`);
  if (
    !samePairs(
      expectedPlaces.filter((place) => placeKey(place) !== 'all'),
      frame.places.filter((place) => placeKey(place) !== 'all'),
      samePlace,
    )
  )
    problems.push(`place ${describePlaces(frame.places)}, expected ${describePlaces(expectedPlaces)}`);
  const threshold = expected.threshold ?? DEFAULT_THRESHOLD;
  const readThreshold = frame.threshold ?? DEFAULT_THRESHOLD;
  if (
    THRESHOLD_OPERATIONS.has(expected.operation) &&
    (readThreshold.of !== threshold.of || Math.abs(readThreshold.value - threshold.value) > 1e-9)
  ) {
    problems.push(
      `threshold ${readThreshold.value} (${readThreshold.of}), expected ${threshold.value} (${threshold.of})`,
    );
  }
  if (expected.top_n !== undefined && frame.top_n !== expected.top_n)
    problems.push(`top_n ${frame.top_n ?? 'default'}, expected ${expected.top_n}`);
  if ((expected.units ?? 'km2') !== (frame.units ?? 'km2'))
    problems.push(`units ${frame.units ?? 'km2'}, expected ${expected.units ?? 'km2'}`);
  if (expected.interval && !frame.interval) problems.push('no interval, expected the lower/upper bounds');
  return problems;
}

/** The recorded reading against the expectation: a frame for an answerable question, the reason for an unanswerable one. */
export function checkReading(
  expected: { reading?: ExpectedReading; outOfScope?: OutOfScope['reason'] },
  recorded: RecordedReading | undefined,
): ReadingCheck {
  if (!recorded) return { status: 'none', problems: ['no reading recorded'] };
  const reasons = (recorded.outOfScope ?? []).map((entry) => entry.reason);
  if (expected.outOfScope) {
    return reasons.includes(expected.outOfScope)
      ? { status: 'matched', problems: [] }
      : {
          status: 'mismatched',
          problems: [
            `out of scope ${reasons.length ? reasons.join(', ') : 'not flagged'}, expected ${expected.outOfScope}${recorded.frame ? ` (read as: ${recorded.summary})` : ''}`,
          ],
        };
  }
  if (!expected.reading) return { status: 'matched', problems: [] };
  if (reasons.length)
    return {
      status: 'mismatched',
      problems: [`read as out of scope (${reasons.join(', ')}): ${recorded.summary}`],
    };
  if (!recorded.frame)
    return {
      status: 'mismatched',
      problems: [
        `no frame read${recorded.unknown?.length ? ` (not understood: ${recorded.unknown.join(', ')})` : ''}: ${recorded.summary}`,
      ],
    };
  const problems = readingProblems(expected.reading, recorded.frame);
  return { status: problems.length ? 'mismatched' : 'matched', problems };
}
