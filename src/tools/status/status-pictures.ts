import type { QueryFrame } from '../../frame/query-frame';
import type { Payload } from '../../payloads';
import type { PerchContext } from '../support/tool-context';
import { comparisonPictures } from './comparison-pictures';
import { subjectLayers } from './subject-layers';
import type { SubjectFigures } from './subject-spec';

/** Trend answers map their cells for these operations ("is it declining", "where does it increase fastest"). */
const TREND_MAP_OPERATIONS: ReadonlySet<string> = new Set(['value', 'where_highest', 'where_lowest']);

/**
 * Frames whose pictures this module draws: trend maps, range outlines and comparisons. Every
 * other frame keeps query_status's weekly pictures (cell maps, the animated weekly map, the
 * weekly curve). A ranking of species draws nothing here.
 */
export function drawsOwnPictures(frame: QueryFrame): boolean {
  return frame.measure === 'trend' || frame.measure === 'range_area' || frame.operation === 'which_larger';
}

/** A range question with no time (or the whole year) is about the species' range: every season is outlined. */
function asksEverySeason(frame: QueryFrame): boolean {
  return frame.times.every((time) => time.kind === 'year');
}

/** The map layers and chart of a query_status answer `drawsOwnPictures` covers, in the order the page adds them. */
export async function statusPictures(
  context: PerchContext,
  frame: QueryFrame,
  done: readonly SubjectFigures[],
  releases: ReadonlyMap<string, number>,
): Promise<Payload[]> {
  if (frame.operation === 'which_larger') return comparisonPictures(context, frame, done, releases);
  const maps =
    (frame.measure === 'trend' && TREND_MAP_OPERATIONS.has(frame.operation)) ||
    (frame.measure === 'range_area' && frame.operation === 'value');
  if (!maps) return [];
  const payloads: Payload[] = [];
  for (const [index, figures] of done.entries())
    payloads.push(
      ...(await subjectLayers(context, frame, figures, {
        id: `${context.callId}-layer-${index}`,
        release: releases.get(figures.subject.species_code) ?? 0,
        everySeason: frame.measure === 'range_area' && asksEverySeason(frame),
      })),
    );
  return payloads;
}
