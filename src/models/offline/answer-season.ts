import { failure } from './answer-timing';
import { formatFigure, seasonWords } from './format-figure';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import { inRegion, regionArgument, type Target } from './resolve-target';
import { caveatsOf, writeAnswer } from './write-answer';

/** Which season is it most common (or most likely seen): one seasonal_summary call, seasons ranked. */
export function* answerSeason(target: Target, question: string): Plan {
  const product = /\b(likely|chance|see|seen|spot|detect\w*|occurrence)\b/i.test(question) ? 'occurrence' : 'abundance';
  const envelope = yield* callTool('seasonal_summary', { species: target.species.code, ...regionArgument(target), product });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const seasons = result.seasons as { season: string; mean: number | null }[];
  const ranked = (result.ranking as string[]).map((season) => seasons.find((row) => row.season === season)!).filter((row) => row.mean !== null);
  const [first, ...rest] = ranked;
  const measure = product === 'occurrence' ? 'mean occurrence probability' : 'mean relative abundance';
  if (!first) throw new PlanStop(writeAnswer(target, [`No season of the ${target.species.name} has modelled values${inRegion(target)}.`], caveatsOf([result])));
  const sentences = [
    `The ${target.species.name} is most ${product === 'occurrence' ? 'likely to be detected' : 'common'}${inRegion(target)} in ${seasonWords(first.season)}: the seasonal ${measure} is ${formatFigure(first.mean!)}.`,
    ...(rest.length > 0 ? [`Next come ${rest.map((row) => `${seasonWords(row.season)} (${formatFigure(row.mean!)})`).join(', ')}.`] : []),
  ];
  const fullYear = seasons.find((row) => row.season === 'full_year');
  if (fullYear?.mean != null) sentences.push(`Over the full year it is ${formatFigure(fullYear.mean)}.`);
  return writeAnswer(target, sentences, caveatsOf([result]));
}
