import { z } from 'zod';
import { formatDate, formatFigure, seasonWords } from './format-figure';
import { callTools, dataOf, type Plan } from './plan-step';

/** Species profiled in a "what data is there" answer; more are listed by name only. */
const MAX_PROFILED = 3;

/** A row of the species query below, as run_sql's preview gives it. */
const speciesRowSchema = z.object({
  species_code: z.string(),
  common_name: z.string(),
  scientific_name: z.string(),
  release: z.number(),
  trends_release: z.number().nullable(),
  products: z.string(),
  simulated: z.boolean(),
});

/** The one row of the overview query below. */
const countsRowSchema = z.object({
  species: z.number(),
  cells: z.number(),
  weeks: z.number(),
  first_week: z.string(),
  last_week: z.string(),
  regions: z.number(),
  trend_cells: z.number(),
});

/** What data is there: the species and a count of what each table holds, then a profile of the first species. */
export function* answerData(): Plan {
  const overview = `SELECT (SELECT count(*) FROM species) AS species, (SELECT count(*) FROM cells) AS cells, (SELECT count(*) FROM weeks) AS weeks,
    (SELECT min(date) FROM weeks) AS first_week, (SELECT max(date) FROM weeks) AS last_week, (SELECT count(*) FROM regions) AS regions,
    (SELECT count(*) FROM trends) AS trend_cells`;
  const [listed, counted] = yield* callTools([
    {
      name: 'run_sql',
      arguments: {
        purpose: 'list the species in this data',
        sql: 'SELECT species_code, common_name, scientific_name, release, trends_release, products, simulated FROM species ORDER BY common_name',
      },
    },
    { name: 'run_sql', arguments: { purpose: 'count what the data holds', sql: overview } },
  ]);
  // run_sql types its preview as JSON rows; the columns are this file's own SELECTs, so they are parsed here.
  const species = z.array(speciesRowSchema).safeParse(dataOf(listed)?.preview ?? []).data ?? [];
  const counts = countsRowSchema.safeParse(dataOf(counted)?.preview[0]).data;
  const profiles = yield* callTools(
    species
      .slice(0, MAX_PROFILED)
      .map((row) => ({ name: 'species_profile' as const, arguments: { species: row.species_code } })),
  );
  const sentences: string[] = [];
  if (counts) {
    sentences.push(
      `This data holds ${formatFigure(counts.species)} species on ${formatFigure(counts.cells)} cells of 27 km, with ${formatFigure(counts.weeks)} weekly estimates (${formatDate(counts.first_week)} to ${formatDate(counts.last_week)}), ${formatFigure(counts.trend_cells)} trend cells and boundaries for ${formatFigure(counts.regions)} countries and US states.`,
    );
  }
  for (const [index, row] of species.entries()) {
    const profile = index < MAX_PROFILED ? dataOf(profiles[index]!) : undefined;
    const seasons = profile?.seasons ?? [];
    sentences.push(
      `${row.common_name} (${row.scientific_name}, ${row.species_code})${row.simulated ? ' — SIMULATED, fictional' : ''}: release ${row.release}, products ${row.products.split(',').join(', ')}${row.trends_release === null ? '' : `; trends from the ${row.trends_release} release`}.` +
        (seasons.length > 0
          ? ` Seasons: ${seasons.map((season) => `${seasonWords(season.season)} ${formatDate(season.start_date)} to ${formatDate(season.end_date)}${season.passed_review ? '' : ' (failed expert review)'}`).join('; ')}.`
          : ''),
    );
  }
  sentences.push(
    'Ask me where a species is, when it arrives, peaks or leaves, how likely you are to see it, which regions hold the most, whether it is increasing, how big its range is, or in which season it is most common.',
  );
  const simulated = species.some((row) => row.simulated);
  // The dates as the data writes them, for the Details (dates read "4 January" above; issue 12).
  const dates = [
    ...(counts ? [`Weekly estimates: ${counts.first_week} to ${counts.last_week}.`] : []),
    ...profiles.flatMap((profile) =>
      (dataOf(profile)?.seasons ?? []).map(
        (season) => `Season ${season.season}: ${season.start_date} to ${season.end_date}.`,
      ),
    ),
  ];
  const caveats = new Set([
    ...dates,
    ...(simulated ? ['Some species are SIMULATED (fictional) for a demo.'] : []),
    ...profiles.flatMap((profile) => dataOf(profile)?.caveats ?? []),
  ]);
  return [
    sentences.join(' '),
    ...(caveats.size > 0 ? [['Details:', ...[...caveats].map((caveat) => `- ${caveat}`)].join('\n')] : []),
  ].join('\n\n');
}
