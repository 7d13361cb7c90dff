import { z } from 'zod';
import { SEASON_NAMES } from '../../frame/query-frame';

/**
 * The argument fields the domain tools share, so a species, a region or a time is asked for the
 * same way everywhere. A tool that needs other words keeps the field and changes `.describe`.
 */

export const speciesArgument = z
  .string()
  .min(1)
  .max(100)
  .describe('Common name, scientific name or eBird code');

/** A country or US state, resolved by resolveRegion (name, code or US postal code). */
export const regionArgument = z.string().min(1).max(100).describe('Country or US state (name or code)');

/** The same, when leaving it out means the whole build. */
export const optionalRegionArgument = regionArgument
  .optional()
  .describe('Country or US state (name or code); omit for every modelled cell');

/** Exactly one of these picks the weeks (support/time-selection.ts, selectTime). */
export const timeArguments = {
  week: z.number().int().min(1).max(52).optional().describe('Week 1–52'),
  date: z
    .string()
    .max(10)
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date is YYYY-MM-DD')
    .optional()
    .describe('A date; the nearest weekly estimate is used'),
  month: z.number().int().min(1).max(12).optional().describe('Month 1–12'),
  season: z.enum(SEASON_NAMES).optional().describe('Season'),
};
