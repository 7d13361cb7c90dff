import { z } from 'zod';

/** The species a domain tool answered about, as its result names it. */
export const speciesRefSchema = z.strictObject({ code: z.string(), common_name: z.string() });

/** The region a domain tool answered about; null when it read every modelled cell. */
export const regionRefSchema = z.strictObject({ code: z.string(), name: z.string() }).nullable();

/** A week of the release year and its date (YYYY-MM-DD). */
export const weekDateSchema = z.strictObject({ week: z.number().int(), date: z.string() });
