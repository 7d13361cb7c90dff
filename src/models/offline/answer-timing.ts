import { formatDate, formatFigure, formatWeek, MONTH_NAMES, seasonWords } from './format-figure';
import type { ParsedQuestion } from './parse-question';
import { callTool, dataOf, type Plan, type PlannerMemory, PlanStop } from './plan-step';
import { inRegion, regionArgument, type Target } from './resolve-target';
import { sqlText } from './sql-text';
import { caveatsOf, writeAnswer } from './write-answer';

interface WeekRow { week: number; date: string; mean: number | null; sum: number | null; cells_modelled: number; season: string | null }

/**
 * When does it peak / arrive / leave: one weekly_series call, then (once per species and region in
 * a conversation) an add_map_layer call of every cell in all 52 weeks, so the map animates the
 * season the figures describe. A season or month narrows the peak to its weeks.
 */
export function* answerTiming(target: Target, parsed: ParsedQuestion, memory: PlannerMemory): Plan {
  const envelope = yield* callTool('weekly_series', { species: target.species.code, ...regionArgument(target) });
  const result = dataOf(envelope);
  if (!result) throw new PlanStop(failure(envelope, target));
  const where = inRegion(target);
  const name = target.species.name;
  const sentences: string[] = [];
  const peak = result.peak as { week: number; date: string; season: string | null; mean: number; sum: number; cells_modelled: number } | null;
  if (!peak) throw new PlanStop(writeAnswer(target, [`The weekly series of ${name}${where} has no modelled values, so there is no peak, arrival or departure to give.`], caveatsOf([result])));
  const weeks = (result.weeks ?? []) as WeekRow[];
  const layer = yield* weeklyLayer(target, memory);
  const window = timeWindow(parsed);
  if (parsed.intent === 'peak' || parsed.intent === 'unknown') {
    if (window) {
      const best = weeks.filter(window.keep).filter((row) => row.mean !== null).sort((a, b) => b.mean! - a.mean!)[0];
      if (best) sentences.push(`Within ${window.label}, the ${name} peaks${where} in the week of ${formatWeek(best.date, best.week)}: mean relative abundance ${formatFigure(best.mean!)} over ${formatFigure(best.cells_modelled)} modelled cells, total ${formatFigure(best.sum!)}.`);
      sentences.push(`Over the whole year the peak is the week of ${formatDate(peak.date)} (${seasonWords(peak.season)}), mean ${formatFigure(peak.mean)}.`);
    } else {
      sentences.push(`The ${name} peaks${where} in ${seasonWords(peak.season)}, in the week of ${formatWeek(peak.date, peak.week)}: the mean relative abundance over ${formatFigure(peak.cells_modelled)} modelled cells is ${formatFigure(peak.mean)}, the highest of the ${formatFigure(weeks.length)} weeks, and the total over all cells is ${formatFigure(peak.sum)}.`);
    }
  }
  // The tool states its own rule ("first and last week of the year whose mean is at least 25% of the peak mean (0.16)"); quoted without the threshold.
  const rule = String(result.arrival_rule ?? '').replace(/\s*\([^)]*\)\s*$/, '');
  const arrival = result.arrival_week as { week: number; date: string } | null;
  const departure = result.departure_week as { week: number; date: string } | null;
  if ((parsed.intent === 'arrival' || parsed.intent === 'departure') && arrival && departure) {
    const arrives = `around the week of ${formatWeek(arrival.date, arrival.week)}`;
    const leaves = `around the week of ${formatWeek(departure.date, departure.week)}`;
    const place = target.region ? ` ${target.region.name}` : '';
    sentences.push(
      parsed.intent === 'arrival' ? `The ${name} arrives${where} ${arrives} and leaves ${leaves}.` : `The ${name} leaves${place} ${leaves}, after arriving ${arrives}.`,
      `It peaks in between, in the week of ${formatDate(peak.date)} (mean ${formatFigure(peak.mean)}). Arrival and departure are the ${rule}.`,
    );
  }
  if (layer) sentences.push(layer);
  return writeAnswer(target, sentences, caveatsOf([result]));
}

/**
 * The weekly layer: cell_id rows (the tool joins cells for the geometry), `week` as the time
 * column, coloured by abundance. Added once per species and region in a conversation, so a
 * follow-up ("and in winter?") does not stack a copy on the map. Returns the answer's sentence.
 */
function* weeklyLayer(target: Target, memory: PlannerMemory): Plan<string | undefined> {
  const key = `${target.species.code}|${regionArgument(target).region ?? ''}`;
  const name = `${target.species.name}${inRegion(target)}: weekly abundance`;
  if (memory.layers?.includes(key)) return `The map already shows the layer "${name}"; move the week slider to follow the season.`;
  const region = regionArgument(target).region !== undefined && target.region ? ` AND w.${target.region.type === 'state' ? 'state_code' : 'country_code'} = ${sqlText(target.region.code)}` : '';
  const sql = `SELECT w.cell_id, w.week, w.abundance FROM weekly AS w WHERE w.species_code = ${sqlText(target.species.code)}${region} ORDER BY w.week, w.cell_id`;
  const envelope = yield* callTool('add_map_layer', { sql, name, color_by: 'abundance', time_column: 'week' });
  if (!envelope.ok) return `The map layer could not be drawn: ${envelope.error.message}`;
  memory.layers = [...(memory.layers ?? []), key];
  return `The map shows every cell in every week as the layer "${name}"; press play or move the week slider to follow the season.`;
}

function timeWindow(parsed: ParsedQuestion): { label: string; keep: (row: WeekRow) => boolean } | undefined {
  const time = parsed.time;
  if (time?.kind === 'season') return { label: seasonWords(time.season), keep: (row) => row.season === time.season };
  if (time?.kind === 'month') return { label: MONTH_NAMES[time.month - 1]!, keep: (row) => Number(row.date.slice(5, 7)) === time.month };
  return undefined;
}

/** The reply when a tool refused or failed: its message as is (hints are written for models, not people). */
export function failure(envelope: { ok: boolean; error?: { message: string } }, target: Target): string {
  const error = 'error' in envelope ? envelope.error : undefined;
  return `I could not answer for ${target.species.name}${inRegion(target)}: ${error?.message ?? 'the tool returned nothing'}`;
}
