import { z } from 'zod';
import { defineTool } from './define-tool';
import { rankRegions } from './support/resolve-region';
import { HINT, RESULT_FIELDS, resultFields } from './support/result-fields';

export const findRegionResultSchema = z.strictObject({
  candidates: z.array(
    z.strictObject({
      region_code: z.string(),
      name: z.string(),
      type: z.enum(['country', 'state']),
      parent_code: z.string().nullable(),
      match: z.enum(['exact', 'fuzzy']),
      score: z.number(),
      /** The column of the status tables that keys this region. */
      filter_column: z.enum(['state_code', 'country_code']),
    }),
  ),
  ...HINT,
  ...RESULT_FIELDS,
});
export type FindRegionResult = z.infer<typeof findRegionResultSchema>;

export const findRegion = defineTool({
  name: 'find_region',
  description:
    'Finds countries and US states as the data keys them: "Michigan", "MI" or "USA-MI" → USA-MI; "United States" → USA. Returns ranked candidates; use region_code in other tools and in SQL (state_code / country_code columns).',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    text: z.string().min(1).max(100).describe('Region name or code'),
    limit: z.number().int().min(1).max(20).default(5).describe('Most candidates to return'),
  }),
  output: findRegionResultSchema,
  async run(args, context) {
    const ranked = await rankRegions(context, args.text, args.limit);
    if ('code' in ranked) return ranked;
    const candidates = ranked.candidates.map((candidate) => ({
      ...candidate,
      filter_column: candidate.type === 'state' ? ('state_code' as const) : ('country_code' as const),
    }));
    return {
      candidates,
      ...(candidates.length === 0
        ? { hint: `No country or US state matches '${args.text}'. Only US states have subdivisions here.` }
        : {}),
      ...resultFields({
        count: candidates.length,
        queries: [ranked.query],
        scope: `countries and US states matching '${args.text}'`,
        caveats: [
          'Only US states are available as subdivisions; state codes are USA-<postal code>, countries ISO 3166-1 alpha-3.',
        ],
      }),
    };
  },
});
