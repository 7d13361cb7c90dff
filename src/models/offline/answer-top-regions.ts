import { failure } from './answer-timing';
import { formatDate, formatFigure, formatShare, seasonWords } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import type { Target } from './resolve-target';
import { caveatsOf, writeAnswer } from './write-answer';

/** Which regions hold the most: one top_regions call (eBird's regional statistics). */
export function* answerTopRegions(target: Target, parsed: ParsedQuestion, question: string): Plan {
  const season = parsed.time?.kind === 'season' ? parsed.time.season : 'breeding';
  const regionType = /\bstates?\b/i.test(question) ? 'state' : /\bcountr(?:y|ies)\b/i.test(question) ? 'country' : 'any';
  const envelope = yield* callTool('top_regions', { species: target.species.code, season, region_type: regionType });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const regions = result.regions as { region_code: string; region_name: string; total_pop_fraction: number | null; range_occupied_fraction: number | null; abundance_mean: number | null; max_week: string | null }[];
  const sentences: string[] = [];
  if (parsed.time?.kind !== 'season') sentences.push('You named no season, so these are breeding-season figures.');
  if (regions.length === 0) throw new PlanStop(writeAnswer(target, [...sentences, `eBird reports no regional statistics for the ${target.species.name} in ${seasonWords(season)}.`], caveatsOf([result])));
  sentences.push(`In ${seasonWords(season)}, the regions holding the largest share of the ${target.species.name} population are:`);
  const lines = regions.map((region, index) =>
    `${index + 1}. ${region.region_name} (${region.region_code}): ${region.total_pop_fraction === null ? 'share not reported' : `${formatShare(region.total_pop_fraction)} of the population (fraction ${formatFigure(region.total_pop_fraction)})`}` +
    `${region.range_occupied_fraction === null ? '' : `, ${formatShare(region.range_occupied_fraction)} of the region occupied`}` +
    `${region.abundance_mean === null ? '' : `, mean relative abundance ${formatFigure(region.abundance_mean)}`}` +
    `${region.max_week ? `, peak week ${formatDate(region.max_week)}` : ''}.`);
  return writeAnswer(target, [sentences.join(' '), `\n${lines.join('\n')}`], caveatsOf([result]));
}
