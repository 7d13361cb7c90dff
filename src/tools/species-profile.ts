import { z } from 'zod';
import { speciesArgument } from './support/tool-arguments';
import { defineTool } from './define-tool';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { RESULT_FIELDS, resultFields } from './support/result-fields';
import { loadSeasons, seasonCaveats, SEASON_ORDER } from './support/season-weeks';

export const speciesProfileResultSchema = z.strictObject({
  species_code: z.string(),
  common_name: z.string(),
  scientific_name: z.string(),
  run_name: z.string(),
  release: z.number().int(),
  is_resident: z.boolean(),
  simulated: z.boolean(),
  /** Tables that hold this species (weekly, seasonal, ranges, regional_stats, trends…). */
  products: z.array(z.string()),
  trends_release: z.number().int().nullable(),
  /** Chronological; weeks inclusive, a start week after the end week wraps the year end. */
  seasons: z.array(
    z.strictObject({
      season: z.string(),
      start_date: z.string(),
      end_date: z.string(),
      start_week: z.number().int(),
      end_week: z.number().int(),
      weeks: z.number().int(),
      passed_review: z.boolean(),
      quality: z.number(),
    }),
  ),
  ...RESULT_FIELDS,
});
export type SpeciesProfileResult = z.infer<typeof speciesProfileResultSchema>;

export const speciesProfile = defineTool({
  name: 'species_profile',
  description:
    'What the data holds about one species: names, release, resident or migratory, seasons with dates/weeks and whether each passed expert review, which products exist (weekly, seasonal, ranges, regional_stats, trends…), trends release. Call it before answering about a species you have not looked at.',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
  }),
  output: speciesProfileResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(context, ['species', 'seasons'], args.species);
    if ('code' in subject) return subject;
    const { seasons, query } = await loadSeasons(context, subject.species.species_code);
    const order = (season: string) => (SEASON_ORDER as readonly string[]).indexOf(season);
    const species = subject.species;
    return {
      species_code: species.species_code,
      common_name: species.common_name,
      scientific_name: species.scientific_name,
      run_name: species.run_name,
      release: species.release,
      is_resident: species.is_resident,
      simulated: species.simulated,
      products: species.products.split(',').filter(Boolean),
      trends_release: species.trends_release,
      seasons: [...seasons].sort((a, b) => order(a.season) - order(b.season)),
      ...resultFields({
        count: seasons.length,
        queries: [...subject.queries, query],
        scope: `${species.common_name} (${species.species_code}) in this build`,
        caveats: [
          ...subjectCaveats(subject, { regionless: 'silent' }),
          ...seasonCaveats(seasons, species.is_resident),
          ...(species.trends_release !== null && species.trends_release !== species.release
            ? [
                `Trends come from the ${species.trends_release} release, status from ${species.release}: compare with care.`,
              ]
            : []),
        ],
      }),
    };
  },
});
