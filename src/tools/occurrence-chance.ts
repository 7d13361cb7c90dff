import { z } from 'zod';
import { previewRows } from '../engine';
import { defineTool } from './define-tool';
import { highestMean } from './support/highest-mean';
import { RESULT_FIELDS, resultFields, significant } from './support/result-fields';
import { regionRef, regionRefSchema, speciesRef, speciesRefSchema } from './support/result-subject';
import { resolveSubject, subjectCaveats } from './support/resolve-subject';
import { runQuery } from './support/run-query';
import { regionArgument, speciesArgument, timeArguments } from './support/tool-arguments';
import { loadSeasons, seasonCaveats, seasonOfWeek } from './support/season-weeks';
import { selectTime } from './support/time-selection';
import { weekDate } from './support/week-dates';
import { attachChanceLayer } from './support/chance-layer';

export const occurrenceChanceResultSchema = z.strictObject({
  species: speciesRefSchema,
  region: regionRefSchema,
  when: z.string(),
  /** Mean over the weeks of the mean over modelled cells; null when nothing is modelled then. */
  mean_probability: z.number().nullable(),
  in_words: z.string(),
  best_week: z
    .strictObject({
      week: z.number().int(),
      date: z.string(),
      season: z.string().nullable(),
      mean_probability: z.number().nullable(),
    })
    .nullable(),
  best_cell_probability: z.number().nullable(),
  weeks: z.array(
    z.strictObject({
      week: z.number().int(),
      mean: z.number().nullable(),
      best_cell: z.number().nullable(),
      cells_modelled: z.number().int(),
      cells: z.number().int(),
    }),
  ),
  ...RESULT_FIELDS,
});
export type OccurrenceChanceResult = z.infer<typeof occurrenceChanceResultSchema>;

export const occurrenceChance = defineTool({
  name: 'occurrence_chance',
  description:
    'Chance of detecting a species on one standard eBird checklist (2 km, 1 h travelling) in a region at a time, in ONE call: give exactly one of week, date, month or season. Returns the mean probability over modelled cells, the best cell and the best week. Use for "what are my chances of seeing X in <place> in <month>".',
  scope: 'read',
  requires: ['datasets'],
  input: z.strictObject({
    species: speciesArgument,
    region: regionArgument,
    ...timeArguments,
  }),
  output: occurrenceChanceResultSchema,
  async run(args, context) {
    const subject = await resolveSubject(
      context,
      ['species', 'seasons', 'weekly'],
      args.species,
      args.region,
    );
    if ('code' in subject) return subject;
    const { seasons, query: seasonsQuery } = await loadSeasons(context, subject.species.species_code);
    const time = selectTime(args, seasons, subject.species.release);
    if ('code' in time) return time;
    const sql = `SELECT w.week, avg(w.occurrence) AS mean, max(w.occurrence) AS best_cell, count(w.occurrence) AS cells_modelled, count(*) AS cells
      FROM weekly AS w WHERE ${subject.where('w')} AND w.week IN (${time.weeks.join(', ')}) GROUP BY w.week ORDER BY w.week`;
    const query = await runQuery(context, sql, { maxRows: 53 });
    const weeks = previewRows(query.table, query.rows) as {
      week: number;
      mean: number | null;
      best_cell: number | null;
      cells_modelled: number;
      cells: number;
    }[];
    const layerQuery = await attachChanceLayer(context, {
      where: subject.where('w'),
      weeks: time.weeks,
      name: `${subject.species.common_name}: chance of detection, ${time.label}${subject.region ? `, ${subject.region.name}` : ''}`,
      release: subject.species.release,
    });
    const valued = weeks.filter((row) => row.mean !== null);
    const mean = valued.length > 0 ? valued.reduce((sum, row) => sum + row.mean!, 0) / valued.length : null;
    const best = highestMean(weeks);
    return {
      species: speciesRef(subject),
      region: regionRef(subject),
      when: time.label,
      mean_probability: mean,
      in_words:
        mean === null
          ? 'not modelled here at that time'
          : `about ${(mean * 100).toFixed(mean < 0.01 ? 2 : 0)}% chance per standard checklist, averaged over modelled cells`,
      best_week: best
        ? {
            week: best.week,
            date: weekDate(subject.species.release, best.week),
            season: seasonOfWeek(seasons, best.week),
            mean_probability: best.mean,
          }
        : null,
      best_cell_probability: valued.length > 0 ? Math.max(...valued.map((row) => row.best_cell ?? 0)) : null,
      weeks: weeks.map((row) => ({
        ...row,
        mean: significant(row.mean, 4),
        best_cell: significant(row.best_cell, 4),
      })),
      ...resultFields({
        count: weeks.length,
        queries: [...subject.queries, seasonsQuery, query, ...(layerQuery ? [layerQuery] : [])],
        scope: `${subject.describe()}, ${time.label}, weekly occurrence`,
        caveats: [
          ...subjectCaveats(subject),
          'Occurrence is the modelled probability of detecting the species on one standard checklist (2 km, 1 h travelling count, at the best time of day), not a guarantee of seeing it; longer outings raise the chance.',
          'Averaged over modelled cells (NULL = not modelled is left out); local hotspots can be much higher (see best_cell_probability).',
          ...seasonCaveats(
            seasons.filter((season) =>
              time.weeks.some((week) => seasonOfWeek(seasons, week) === season.season),
            ),
            subject.species.is_resident,
          ),
        ],
      }),
    };
  },
});
