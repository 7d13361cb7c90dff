import { formatDate, formatFigure, MONTH_NAMES, seasonWords } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTool, dataOf, type Plan, PlanStop } from './plan-step';
import { inRegion, regionArgument, type Target } from './resolve-target';
import { caveatsOf, writeAnswer } from './write-answer';

interface WeekRow { week: number; date: string; mean: number | null; sum: number | null; cells_modelled: number; season: string | null }

/** When does it peak / arrive / leave: one weekly_series call. A season or month narrows the peak to its weeks. */
export function* answerTiming(target: Target, parsed: ParsedQuestion): Plan {
  const envelope = yield* callTool('weekly_series', { species: target.species.code, ...regionArgument(target) });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const where = inRegion(target);
  const name = target.species.name;
  const sentences: string[] = [];
  const peak = result.peak as { week: number; date: string; season: string | null; mean: number; sum: number; cells_modelled: number } | null;
  if (!peak) throw new PlanStop(writeAnswer(target, [`The weekly series of ${name}${where} has no modelled values, so there is no peak, arrival or departure to give.`], caveatsOf([result])));
  const weeks = (result.weeks ?? []) as WeekRow[];
  const window = timeWindow(parsed);
  if (parsed.intent === 'peak' || parsed.intent === 'unknown') {
    if (window) {
      const best = weeks.filter(window.keep).filter((row) => row.mean !== null).sort((a, b) => b.mean! - a.mean!)[0];
      if (best) sentences.push(`Within ${window.label}, the ${name} peaks${where} in the week of ${formatDate(best.date)} (week ${best.week}): mean relative abundance ${formatFigure(best.mean!)} over ${formatFigure(best.cells_modelled)} modelled cells, total ${formatFigure(best.sum!)}.`);
      sentences.push(`Over the whole year the peak is the week of ${formatDate(peak.date)} (${seasonWords(peak.season)}), mean ${formatFigure(peak.mean)}.`);
    } else {
      sentences.push(`The ${name} peaks${where} in ${seasonWords(peak.season)}, in the week of ${formatDate(peak.date)} (week ${peak.week}): the mean relative abundance over ${formatFigure(peak.cells_modelled)} modelled cells is ${formatFigure(peak.mean)}, the highest of the ${formatFigure(weeks.length)} weeks, and the total over all cells is ${formatFigure(peak.sum)}.`);
    }
  }
  const rule = String(result.arrival_rule ?? '').replace(/\s*\([^)]*\)\s*$/, '');
  if (parsed.intent === 'arrival' && result.arrival_week) {
    sentences.push(`The ${name} arrives${where} around the week of ${formatDate(result.arrival_week.date)} (week ${result.arrival_week.week}), the ${rule}. It then peaks in the week of ${formatDate(peak.date)} at a mean of ${formatFigure(peak.mean)}.`);
  }
  if (parsed.intent === 'departure' && result.departure_week) {
    sentences.push(`The ${name} leaves${where} around the week of ${formatDate(result.departure_week.date)} (week ${result.departure_week.week}), the last week of the year above ${rule.replace(/^first and last week of the year whose mean is at least /, '')}. Its peak is the week of ${formatDate(peak.date)} (mean ${formatFigure(peak.mean)}).`);
  }
  const first = weeks.find((row) => row.week === result.arrival_week?.week);
  if ((parsed.intent === 'arrival' || parsed.intent === 'departure') && first && result.departure_week) {
    sentences.push(`It stays above that level from week ${result.arrival_week.week} to week ${result.departure_week.week}.`);
  }
  return writeAnswer(target, sentences, caveatsOf([result]));
}

function timeWindow(parsed: ParsedQuestion): { label: string; keep: (row: WeekRow) => boolean } | undefined {
  const time = parsed.time;
  if (time?.kind === 'season') return { label: seasonWords(time.season), keep: (row) => row.season === time.season };
  if (time?.kind === 'month') return { label: MONTH_NAMES[time.month - 1]!, keep: (row) => Number(row.date.slice(5, 7)) === time.month };
  return undefined;
}

export function failure(envelope: { ok: boolean; error?: { message: string; hint?: string } }, target: Target): string {
  const error = 'error' in envelope ? envelope.error : undefined;
  return `I could not answer for ${target.species.name}${inRegion(target)}: ${error?.message ?? 'the tool returned nothing'}${error?.hint ? ` ${error.hint}` : ''}`;
}
