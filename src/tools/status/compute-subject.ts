import type { QueryFrame } from '../../frame/query-frame';
import type { ToolFailure } from '../../registry';
import type { PerchContext } from '../support/tool-context';
import { rangeSubject } from './range-area';
import type { SubjectFigures, SubjectSpec } from './subject-spec';
import { isWeeklyMeasure } from './supported';
import { trendSubject } from './trend-cells';
import { weeklySubject } from './weekly-subject';

/** One subject's figures, by the family of the frame's measure. */
export function computeSubject(
  context: PerchContext,
  frame: QueryFrame,
  spec: SubjectSpec,
): Promise<SubjectFigures | ToolFailure> {
  if (isWeeklyMeasure(frame.measure)) return weeklySubject(context, frame, spec);
  if (frame.measure === 'range_area') return rangeSubject(context, frame, spec);
  return trendSubject(context, frame, spec);
}
