import { z } from 'zod';
import { defineTool } from './define-tool';
import { rankSpecies } from './support/resolve-species';
import { HINT, RESULT_FIELDS, resultFields } from './support/result-fields';

export const findSpeciesResultSchema = z.strictObject({
  candidates: z.array(
    z.strictObject({
      species_code: z.string(),
      common_name: z.string(),
      scientific_name: z.string(),
      /** eBird S&T release; two releases of a species are two candidates (the older coded <code>-<release>). */
      release: z.number().int(),
      match: z.enum(['exact', 'fuzzy']),
      score: z.number(),
      simulated: z.boolean(),
    }),
  ),
  ...HINT,
  ...RESULT_FIELDS,
});
export type FindSpeciesResult = z.infer<typeof findSpeciesResultSchema>;

export const findSpecies = defineTool({
  name: 'find_species',
  description:
    'Finds species in this session by common name, scientific name or eBird code, tolerating typos. Returns ranked candidates with their codes and eBird release; use the code in other tools. A name in other tools means the newest release; an older release has its own code (<code>-<release>).',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    text: z.string().min(1).max(100).describe('Name or code, e.g. "sapsucker", "Sphyrapicus varius", yebsap'),
    limit: z.number().int().min(1).max(20).default(5).describe('Most candidates to return'),
  }),
  output: findSpeciesResultSchema,
  async run(args, context) {
    const ranked = await rankSpecies(context, args.text, args.limit, 'all');
    if ('code' in ranked) return ranked;
    const candidates = ranked.candidates.map((candidate) => ({
      species_code: candidate.species_code,
      common_name: candidate.common_name,
      scientific_name: candidate.scientific_name,
      release: candidate.release,
      match: candidate.match,
      score: candidate.score,
      simulated: candidate.simulated,
    }));
    return {
      candidates,
      ...(candidates.length === 0
        ? {
            hint: `No species matches '${args.text}'. The species in this session can be listed with run_sql('SELECT species_code, common_name FROM species').`,
          }
        : {}),
      ...resultFields({
        count: candidates.length,
        queries: [ranked.query],
        scope: `species of this session matching '${args.text}'`,
        caveats: candidates.some((candidate) => candidate.simulated)
          ? ['Some candidates are SIMULATED species (fictional).']
          : [],
      }),
    };
  },
});
