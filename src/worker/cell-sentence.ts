import { formatDate, formatFigure } from '../models/offline/format-figure';
import type { ToolResults } from '../tools';

type CellWeekly = ToolResults['cell_weekly'];

/**
 * The one line a click on the map answers with, from cell_weekly's result alone: "Near Ironwood,
 * MI: relative abundance peaks around 19 April (0.309); this week (12 April) 0.18." Three
 * significant digits, as the offline answers write them, so findProvenance links each figure to
 * the call. "Near": the figures are the whole 27 km cell's, not the clicked point's.
 */
export function cellSentence(result: CellWeekly): string {
  const place = result.town
    ? `Near ${result.town}`
    : `At ${result.point.lat.toFixed(2)}°, ${result.point.lon.toFixed(2)}°`;
  const { peak, week, label } = result;
  if (!peak) return `${place}: ${label} is not modelled in this cell in any week.`;
  if (peak.value === 0) return `${place}: ${label} is 0 (predicted absent) in every modelled week.`;
  const now = week ? `; this week (${formatDate(week.date)}) ${valueText(week.value)}` : '';
  return `${place}: ${label} peaks around ${formatDate(peak.date)} (${formatFigure(peak.value)})${now}.`;
}

/** NULL = not modelled, 0 = predicted absent (docs/data-model.md): said apart, never as a figure. */
function valueText(value: number | null): string {
  if (value === null) return 'not modelled';
  if (value === 0) return '0 (predicted absent)';
  return formatFigure(value);
}
