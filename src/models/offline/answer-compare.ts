import { formatDate, formatFigure, seasonWords } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTools, dataOf, type Plan, PlanStop } from './plan-step';
import { inRegion, regionArgument, type Target } from './resolve-target';
import { timeArguments } from './time-arguments';
import { caveatsOf, writeAnswer } from './write-answer';

/**
 * Compare two species: for each, the weekly series (peak week and mean) and, when the question
 * names a time, where_is at that time (mean abundance, cells occupied) — all calls in one step.
 * Both targets share the region (the first one's mask decision).
 */
export function* answerCompare(targets: readonly Target[], parsed: ParsedQuestion): Plan {
  const [first] = targets;
  if (!first) throw new PlanStop('I need two species to compare.');
  const region = regionArgument(first);
  const calls = targets.flatMap((target) => [
    { name: 'weekly_series', arguments: { species: target.species.code, ...region } },
    ...(parsed.time ? [{ name: 'where_is', arguments: { species: target.species.code, ...timeArguments(parsed.time), ...region } }] : []),
  ]);
  const envelopes = yield* callTools(calls);
  const perTarget = parsed.time ? 2 : 1;
  const sentences: string[] = [];
  const results: (Record<string, any> | undefined)[] = [];
  for (const [index, target] of targets.entries()) {
    const series = dataOf(envelopes[index * perTarget]!);
    const at = parsed.time ? dataOf(envelopes[index * perTarget + 1]!) : undefined;
    results.push(series, at);
    const name = target.species.name;
    if (!series?.peak) {
      sentences.push(`${name}: no weekly values${inRegion(first)}.`);
      continue;
    }
    const peak = series.peak as { week: number; date: string; season: string | null; mean: number };
    let sentence = `${name} peaks${inRegion(first)} in ${seasonWords(peak.season)}, in the week of ${formatDate(peak.date)}, at a mean relative abundance of ${formatFigure(peak.mean)}`;
    if (at && at.mean_abundance !== null) sentence += `; in ${at.when} its mean is ${formatFigure(at.mean_abundance)}, present in ${formatFigure(at.cells_occupied)} of ${formatFigure(at.cells_modelled)} modelled cells`;
    sentences.push(`${sentence}.`);
  }
  const peaks = targets.map((target, index) => ({ target, mean: dataOf(envelopes[index * perTarget]!)?.peak?.mean as number | undefined })).filter((entry) => entry.mean !== undefined);
  if (peaks.length === 2) {
    const [higher, lower] = peaks.sort((a, b) => b.mean! - a.mean!);
    sentences.push(`At its peak, ${higher!.target.species.name} is the more abundant of the two (${formatFigure(higher!.mean!)} vs ${formatFigure(lower!.mean!)}).`);
  }
  const combined: Target = { ...first, notes: targets.flatMap((target) => target.notes), simulatedNames: targets.filter((target) => target.species.simulated).map((target) => target.species.name) };
  return writeAnswer(combined, sentences, caveatsOf(results));
}
