import { z } from 'zod';
import type { Subject } from './resolve-subject';

/** The species a domain tool answered about, as its result names it. */
export const speciesRefSchema = z.strictObject({ code: z.string(), common_name: z.string() });

/** The region a domain tool answered about; null when it read every modelled cell. */
export const regionRefSchema = z.strictObject({ code: z.string(), name: z.string() }).nullable();

/** A week of the release year and its date (YYYY-MM-DD). */
export const weekDateSchema = z.strictObject({ week: z.number().int(), date: z.string() });

/** The species a subject names, as a result's `species` field. */
export function speciesRef(subject: Pick<Subject, 'species'>): z.infer<typeof speciesRefSchema> {
  return { code: subject.species.species_code, common_name: subject.species.common_name };
}

/** The region a subject names, as a result's `region` field (null for every modelled cell). */
export function regionRef(subject: Pick<Subject, 'region'>): z.infer<typeof regionRefSchema> {
  return subject.region ? { code: subject.region.region_code, name: subject.region.name } : null;
}
