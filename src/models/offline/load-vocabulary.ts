import type { Vocabulary } from '../../reader';
import { callTools, dataOf, type Plan, type PlannerMemory, PlanStop } from './plan-step';

/** Pages of 300 towns asked at the start of a conversation (data_vocabulary: four cover the example's 953). */
const PLACE_PAGES = 4;

/** The calls that read the vocabulary: the names, then the pages of towns. The pipeline prebuilds their results. */
export const VOCABULARY_CALLS = [
  { name: 'data_vocabulary' as const, arguments: { part: 'names' } },
  ...Array.from({ length: PLACE_PAGES }, (_unused, page) => ({
    name: 'data_vocabulary' as const,
    arguments: { part: 'places', page },
  })),
];

/**
 * The names the reader matches a question against, fetched through the registry once per
 * conversation (one step of parallel calls: the names, and pages of towns, each under the 16 KB result budget)
 * and kept in memory. A failed page of towns is empty rather than fatal: a question can still be
 * read without towns. A failed read of the names is retried once, then stops the plan with why.
 */
export function* loadVocabulary(memory: PlannerMemory): Plan<Vocabulary> {
  if (memory.vocabulary) return memory.vocabulary;
  const [names, ...pages] = yield* callTools(VOCABULARY_CALLS);
  // The names are what every reading rests on: a failed read (a first visit's table loads past the
  // deadline on a busy machine) is asked once more, then said as such — never "this data holds no
  // species" — and nothing is kept, so the next question asks again.
  const retried = names.ok
    ? names
    : (yield* callTools([{ name: 'data_vocabulary', arguments: { part: 'names' } }]))[0];
  if (!retried.ok)
    throw new PlanStop(
      `I could not read the names in this data just now (${retried.error.code}: ${retried.error.message}). Please ask again in a moment.`,
    );
  const named = retried.data.part === 'names' ? retried.data : undefined;
  const tuples = pages.flatMap((page) => {
    const data = dataOf(page);
    return data?.part === 'places' ? data.places : [];
  });
  const vocabulary: Vocabulary = {
    species: named?.species ?? [],
    regions: (named?.regions ?? []).map(([code, name, type, parent_code]) => ({
      code,
      name,
      type,
      parent_code,
    })),
    parts: named?.parts ?? [],
    places: tuples.map(([name, region_code, lon, lat, population]) => ({
      name,
      region_code,
      lon,
      lat,
      population,
    })),
    release: named?.release ?? new Date().getUTCFullYear(),
    ...(named?.olderReleases ? { olderReleases: named.olderReleases } : {}),
    ...(named?.trendYears ? { trendYears: named.trendYears } : {}),
    ...(named?.maskRegion ? { maskRegion: named.maskRegion } : {}),
  };
  memory.vocabulary = vocabulary;
  return vocabulary;
}
