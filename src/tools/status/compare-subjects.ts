import type { StatusResult, StatusSubject } from '../../frame/status-result';

/**
 * which_larger over two to four subjects' headline figures (`mean`): the index of the largest,
 * the difference to the next largest (≥ 0) and the ratio largest / next — null when the next is
 * 0 or either is negative (a trend of −1%/yr against +2%/yr has no meaningful ratio). Undefined
 * when any figure is missing (not modelled).
 */
export function compareSubjects(subjects: readonly StatusSubject[]): StatusResult['comparison'] {
  if (subjects.length < 2 || subjects.some((subject) => subject.mean == null)) return undefined;
  const order = subjects
    .map((subject, index) => ({ index, mean: subject.mean! }))
    .sort((a, b) => b.mean - a.mean || a.index - b.index);
  const [high, next] = order as [{ index: number; mean: number }, { index: number; mean: number }];
  return {
    larger: high.index,
    difference: high.mean - next.mean,
    ratio: next.mean > 0 && high.mean >= 0 ? high.mean / next.mean : null,
  };
}
