import { describe, expect, it } from 'vitest';
import { splitFigures } from './split-figures';

describe('splitFigures', () => {
  it('splitFigures marks each recorded figure with its index', () => {
    expect(splitFigures('Peak 0.6543 in week of 2023-04-19.', ['2023-04-19', '0.6543'])).toEqual([
      { text: 'Peak ' },
      { text: '0.6543', figure: 1 },
      { text: ' in week of ' },
      { text: '2023-04-19', figure: 0 },
      { text: '.' },
    ]);
  });

  it('splitFigures does not match a figure inside a longer number', () => {
    expect(splitFigures('10.65 and 0.6543 and 0.65', ['0.65'])).toEqual([
      { text: '10.65 and 0.6543 and ' },
      { text: '0.65', figure: 0 },
    ]);
  });

  it('splitFigures does not match a figure inside a date, but does after a minus sign', () => {
    expect(splitFigures('week of 2023-04-19 (19 April), trend -0.86', ['19', '2023', '0.86'])).toEqual([
      { text: 'week of 2023-04-19 (' },
      { text: '19', figure: 0 },
      { text: ' April), trend -' },
      { text: '0.86', figure: 2 },
    ]);
  });

  it('splitFigures prefers the longer of two overlapping figures', () => {
    expect(splitFigures('191.71', ['191', '191.71'])).toEqual([{ text: '191.71', figure: 1 }]);
  });

  it('splitFigures with no figures returns the text whole', () => {
    expect(splitFigures('plain', [])).toEqual([{ text: 'plain' }]);
  });
});

describe('splitFigures with quoted result text', () => {
  it('splitFigures marks nothing inside a quoted caveat, and the same figure outside it', () => {
    const caveat = 'a standard eBird checklist (2 km, 1 h)';
    expect(splitFigures(`week 2 of ${caveat}`, ['2', '1'], [caveat])).toEqual([
      { text: 'week ' },
      { text: '2', figure: 0 },
      { text: ` of ${caveat}` },
    ]);
  });
});
