import { failure } from './answer-timing';
import { formatFigure, formatShare } from './format-figure';
import type { ParsedQuestion, TimeExpression } from './parse-question';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import { inRegion, regionArgument, type Target } from './resolve-target';
import { timeArguments } from './time-arguments';
import { caveatsOf, writeAnswer } from './write-answer';

/** With no time in the question, where_is needs one; the breeding season is where a species lives longest in one place. */
const DEFAULT_TIME: TimeExpression = { kind: 'season', season: 'breeding' };

/** Where is it (in a week, date, month or season, in a region): one where_is call, which also adds the map layer. */
export function* answerWhere(target: Target, parsed: ParsedQuestion): Plan {
  const time = parsed.time ?? DEFAULT_TIME;
  const envelope = yield* callTool('where_is', { species: target.species.code, ...timeArguments(time), ...regionArgument(target) });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const name = target.species.name;
  const sentences: string[] = [];
  if (!parsed.time) sentences.push('You gave no time, so I mapped the breeding season.');
  if (result.mean_abundance === null) {
    sentences.push(`In ${result.when}, the ${name} is not modelled${inRegion(target)} (no cell has an estimate).`);
    return writeAnswer(target, sentences, caveatsOf([result]));
  }
  sentences.push(`In ${result.when}, the ${name} is predicted present${inRegion(target)} in ${formatFigure(result.cells_occupied)} of ${formatFigure(result.cells_modelled)} modelled cells (${formatShare(result.occupied_share)}), with a mean relative abundance of ${formatFigure(result.mean_abundance)} per cell.`);
  const top = result.top_cells?.[0] as { abundance: number; lon: number; lat: number; state_code: string | null; country_code: string | null } | undefined;
  if (top) sentences.push(`The highest cell has ${formatFigure(top.abundance)} (centre lon ${formatFigure(top.lon)}, lat ${formatFigure(top.lat)}${top.state_code ?? top.country_code ? `, ${top.state_code ?? top.country_code}` : ''}).`);
  const regions = (result.top_regions ?? []) as { region_code: string; cells: number; share_of_total: number | null }[];
  if (regions.length > 0) sentences.push(`Share of the total by region: ${regions.map((region) => `${region.region_code} ${region.share_of_total === null ? 'n/a' : formatShare(region.share_of_total)} (${formatFigure(region.cells)} cell${region.cells === 1 ? '' : 's'})`).join(', ')}.`);
  if (result.map_layer) sentences.push(`The map shows it as the layer "${result.map_layer.name}".`);
  return writeAnswer(target, sentences, caveatsOf([result]));
}
