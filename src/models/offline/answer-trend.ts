import { failure } from './answer-timing';
import { formatFigure, formatPercent } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import { inRegion, regionArgument, type Target } from './resolve-target';
import { caveatsOf, writeAnswer } from './write-answer';

/** Is it increasing or decreasing: one trend_summary call (regional trend across folds, and per-cell counts). */
export function* answerTrend(target: Target, parsed: ParsedQuestion): Plan {
  const season = parsed.time?.kind === 'season' ? parsed.time.season : undefined;
  let envelope = yield* callTool('trend_summary', { species: target.species.code, ...regionArgument(target), ...(season ? { season } : {}) });
  // The species may have trends for another season only: ask again without the season and say so.
  const retried = !envelope.ok && season !== undefined && envelope.error.code === 'no_data';
  if (retried) envelope = yield* callTool('trend_summary', { species: target.species.code, ...regionArgument(target) });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const trend = result.regional_trend as { median_ppy: number | null; ci80: [number | null, number | null]; folds: number; direction: string; cumulative_percent: number | null };
  const cells = result.cells as { count: number; mean_ppy: number; median_ppy: number; negative: number; positive: number; declining_ci_excludes_zero: number; increasing_ci_excludes_zero: number; abundance_weighted_mean_ppy: number };
  const period = result.period as { start_year: number; end_year: number; season_window: string };
  const name = target.species.name;
  const sentences: string[] = [];
  if (retried) sentences.push(`There are no ${season} trends for the ${name}; these are its ${result.season} trends.`);
  if (trend.median_ppy === null) throw new PlanStop(writeAnswer(target, [...sentences, `No regional trend could be computed for the ${name}${inRegion(target)}.`], caveatsOf([result])));
  const [lower, upper] = trend.ci80;
  const verdict = trend.direction === 'declining' ? 'declining' : trend.direction === 'increasing' ? 'increasing' : 'without a clear trend (the 80% interval includes zero)';
  sentences.push(
    `The ${name}'s ${result.season} population${inRegion(target)} is ${verdict} over ${period.start_year}–${period.end_year}: the abundance-weighted regional trend is ${formatPercent(trend.median_ppy)} per year (median of ${formatFigure(trend.folds)} model folds), with an 80% interval of ${formatPercent(lower!)} to ${formatPercent(upper!)}${trend.cumulative_percent === null ? '' : `, about ${formatPercent(trend.cumulative_percent)} over the whole period`}.`,
    `Across the ${formatFigure(cells.count)} trend cells, the median cell trend is ${formatPercent(cells.median_ppy)} per year and the unweighted mean ${formatPercent(cells.mean_ppy)} per year (abundance-weighted mean of the cell trends: ${formatPercent(cells.abundance_weighted_mean_ppy)}). ${formatFigure(cells.negative)} cells are negative and ${formatFigure(cells.positive)} positive; only ${formatFigure(cells.declining_ci_excludes_zero)} declining and ${formatFigure(cells.increasing_ci_excludes_zero)} increasing cells have an 80% interval that excludes zero.`,
  );
  return writeAnswer(target, sentences, caveatsOf([result]));
}
