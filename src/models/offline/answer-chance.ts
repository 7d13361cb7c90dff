import { failure } from './answer-timing';
import { formatDate, formatFigure, formatShare } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import { inRegion, type Target } from './resolve-target';
import { timeArguments, timeWords, weekCondition } from './time-arguments';
import { sqlText } from './sql-text';
import { caveatsOf, writeAnswer } from './write-answer';

/**
 * How likely am I to see it: occurrence_chance for a region; over every modelled cell (no region,
 * or data masked to the region) the same rule in one query — the mean over the weeks of the
 * weekly mean occurrence over modelled cells — because occurrence_chance requires a region and
 * a time (a question with no time gets the whole year).
 */
export function* answerChance(target: Target, parsed: ParsedQuestion): Plan {
  const name = target.species.name;
  const when = parsed.time ? timeWords(parsed.time) : 'the whole year';
  if (target.region && !target.mask && parsed.time) {
    const envelope = yield* callTool('occurrence_chance', { species: target.species.code, region: target.region.code, ...timeArguments(parsed.time) });
    const result = dataOf(envelope);
    if (!result) throw new PlanStop(failure(envelope, target));
    return writeAnswer(target, chanceSentences(name, inRegion(target), result.when, result.mean_probability, result.best_week, result.best_cell_probability), caveatsOf([result]));
  }
  const region = target.region && !target.mask ? ` AND w.${target.region.type === 'state' ? 'state_code' : 'country_code'} = ${sqlText(target.region.code)}` : '';
  const sql = `WITH per_week AS (SELECT w.week, min(w.date) AS date, avg(w.occurrence) AS mean, max(w.occurrence) AS best_cell, count(w.occurrence) AS cells_modelled
    FROM weekly AS w WHERE w.species_code = ${sqlText(target.species.code)} AND ${weekCondition(parsed.time, target.species.code)}${region} GROUP BY w.week)
  SELECT avg(mean) AS mean_probability, max(best_cell) AS best_cell_probability, arg_max(week, mean) AS best_week, arg_max(date, mean) AS best_week_date,
    max(mean) AS best_week_probability, count(*) AS weeks, min(cells_modelled) AS cells_modelled FROM per_week`;
  const envelope = yield* callTool('run_sql', { purpose: `chance of detecting ${name} on one checklist, ${when}${region ? `, in ${target.region!.name}` : ', over every modelled cell'}`, sql });
  const result = dataOf(envelope);
  const row = result?.preview?.[0] as { mean_probability: number | null; best_cell_probability: number | null; best_week: number | null; best_week_date: string | null; best_week_probability: number | null; weeks: number; cells_modelled: number } | undefined;
  if (!row) throw new PlanStop(failure(envelope, target));
  const label = `${when} (${formatFigure(row.weeks)} weekly estimate${row.weeks === 1 ? '' : 's'}, ${formatFigure(row.cells_modelled ?? 0)} modelled cells)`;
  const best = row.best_week === null ? null : { week: row.best_week, date: row.best_week_date!, mean_probability: row.best_week_probability! };
  const caveats = [
    'Occurrence is the modelled probability of detecting the species on one standard checklist (2 km, 1 h travelling count), not a guarantee of seeing it; longer outings raise the chance.',
    'Averaged over modelled cells (NULL = not modelled is left out); local hotspots can be much higher.',
    ...caveatsOf([result]).filter((caveat) => !caveat.startsWith('Rows come from releases')),
  ];
  return writeAnswer(target, chanceSentences(name, inRegion(target), label, row.mean_probability, best, row.best_cell_probability), caveats);
}

function chanceSentences(name: string, where: string, when: string, mean: number | null, best: { week: number; date: string; mean_probability: number } | null, bestCell: number | null): string[] {
  if (mean === null) return [`The ${name} is not modelled${where} in ${when}, so I cannot give a chance.`];
  const sentences = [`In ${when}, the chance of detecting the ${name}${where} on one standard eBird checklist is about ${formatShare(mean)} (mean occurrence probability ${formatFigure(mean)} over modelled cells).`];
  if (best) sentences.push(`The best week is ${formatDate(best.date)} (week ${best.week}) at ${formatFigure(best.mean_probability)}.`);
  if (bestCell !== null) sentences.push(`The best single cell reaches ${formatFigure(bestCell)}.`);
  return sentences;
}
