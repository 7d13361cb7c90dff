import type { Vocabulary } from '../../reader';
import { callTools, dataOf, type Plan, type PlannerMemory } from './plan-step';

/** Pages of 300 towns asked at the start of a conversation (data_vocabulary: four cover the example's 953). */
const PLACE_PAGES = 4;

/**
 * The names the reader matches a question against, fetched through the registry once per
 * conversation (one step of parallel calls: the names, and pages of towns, each under the 16 KB result budget)
 * and kept in memory. A failed part is empty rather than fatal: a question can still be read
 * without towns, and an empty species list is answered honestly.
 */
export function* loadVocabulary(memory: PlannerMemory): Plan<Vocabulary> {
  if (memory.vocabulary) return memory.vocabulary;
  const [names, ...pages] = yield* callTools([
    { name: 'data_vocabulary', arguments: { part: 'names' } },
    ...Array.from({ length: PLACE_PAGES }, (_unused, page) => ({
      name: 'data_vocabulary' as const,
      arguments: { part: 'places', page },
    })),
  ]);
  const listed = dataOf(names);
  const named = listed?.part === 'names' ? listed : undefined;
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
