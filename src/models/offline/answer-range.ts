import { failure } from './answer-timing';
import { formatFigure, formatShare, seasonWords } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import type { Target } from './resolve-target';
import { caveatsOf, writeAnswer } from './write-answer';

/** How big is its range: one range_summary call; the breeding range unless the question names a season. */
export function* answerRange(target: Target, parsed: ParsedQuestion): Plan {
  const season = parsed.time?.kind === 'season' ? parsed.time.season : 'breeding';
  const envelope = yield* callTool('range_summary', { species: target.species.code, season });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const name = target.species.name;
  const sentences: string[] = [];
  if (parsed.time?.kind !== 'season') sentences.push('You named no season, so this is the breeding range.');
  const bbox = result.bbox as { xmin: number; ymin: number; xmax: number; ymax: number };
  sentences.push(`The ${name}'s ${seasonWords(season).replace(/^the /, '')} range covers about ${formatFigure(result.area_km2)} km² (equal-area EPSG:8857, ${result.smoothing} polygons)${result.prediction_area_km2 === null ? '' : `, ${formatShare(result.share_of_prediction_area)} of the ${formatFigure(result.prediction_area_km2)} km² prediction area`}.`);
  sentences.push(`It spans lon ${formatFigure(bbox.xmin)} to ${formatFigure(bbox.xmax)} and lat ${formatFigure(bbox.ymin)} to ${formatFigure(bbox.ymax)}.`);
  if (target.region && !target.mask) sentences.push(`The range tool measures the whole build, not ${target.region.name} alone.`);
  return writeAnswer(target, sentences, caveatsOf([result]));
}
