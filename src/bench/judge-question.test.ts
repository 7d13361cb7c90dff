import { describe, expect, it } from 'vitest';
import { judgeQuestion, scoreVerdicts, verdictLine } from './judge-question';
import type { EvalQuestion } from './score-answer';

const base = { reference_answer: '', method: '', tolerance: 'relative 1% on every figure' };
const peak: EvalQuestion = {
  ...base,
  id: 'peak',
  question: 'When do they peak in the UP?',
  figures: { week: 16, date: '2023-04-19', mean: 1.0738 },
  expect_reading: {
    species: ['yebsap'],
    measure: 'abundance',
    operation: 'when_highest',
    place: { kind: 'part', part: 'upper_peninsula' },
  },
};
const robins: EvalQuestion = {
  ...base,
  id: 'robins',
  question: 'When do robins arrive?',
  figures: {},
  expect_out_of_scope: 'species',
};
const upReading = {
  summary: 'abundance · when highest · UP',
  outOfScope: [],
  unknown: [],
  frame: {
    species: ['yebsap'],
    measure: 'abundance' as const,
    operation: 'when_highest' as const,
    times: [],
    places: [{ kind: 'part' as const, part: 'upper_peninsula' }],
  },
};

describe('judgeQuestion', () => {
  it('passes an answer with every figure and the expected reading', () => {
    const verdict = judgeQuestion(peak, {
      end: 'answered',
      answer: 'Week 16 (2023-04-19): mean 1.074 in the Upper Peninsula.',
      reading: upReading,
    });
    expect(verdict).toMatchObject({ passed: true, wrongConfident: false, reading: { status: 'matched' } });
  });

  it('an answer with the figures of another place is a confident answer to a different question', () => {
    const lower = {
      ...upReading,
      frame: { ...upReading.frame, places: [{ kind: 'part' as const, part: 'lower_peninsula' }] },
    };
    const verdict = judgeQuestion(peak, {
      end: 'answered',
      answer: 'Week 15 (2023-04-12): mean 0.41.',
      reading: lower,
    });
    expect(verdict.passed).toBe(false);
    expect(verdict.wrongConfident).toBe(true);
    expect(verdictLine(verdict)).toMatch(
      /^FAIL WRONG-CONFIDENT peak: 0\/3 figures, reading: place part lower_peninsula, expected part upper_peninsula — missing week=16/,
    );
  });

  it('with no reading recorded, wrong figures still count as wrong-confident, and the line says so', () => {
    const verdict = judgeQuestion(peak, { end: 'answered', answer: 'Week 15: mean 0.41.' });
    expect(verdict.wrongConfident).toBe(true);
    expect(verdictLine(verdict)).toContain('no reading recorded');
  });

  it('an honest "I could not" with no figures fails but is not wrong-confident', () => {
    const verdict = judgeQuestion(peak, {
      end: 'answered',
      answer: 'I could not read the place in that question.',
    });
    expect(verdict).toMatchObject({ passed: false, wrongConfident: false });
  });

  it('a refusal passes with no figure about the bird and fails (confidently wrong) with one', () => {
    const reading = { summary: 'robins', outOfScope: [{ reason: 'species' as const, words: 'robins' }] };
    expect(
      judgeQuestion(robins, {
        end: 'answered',
        answer: 'The data holds 1 species (Yellow-bellied Sapsucker, 2023); no robins.',
        reading,
      }),
    ).toMatchObject({ passed: true, wrongConfident: false, reading: { status: 'matched' } });
    expect(
      judgeQuestion(robins, { end: 'answered', answer: 'Sapsuckers arrive in week 15 (2023-04-12).' }),
    ).toMatchObject({ passed: false, wrongConfident: true, dataFigures: ['15', '2023-04-12'] });
  });

  it('an ambiguous question passes only when it asks back with the options', () => {
    const georgia: EvalQuestion = {
      ...base,
      id: 'ga',
      question: 'Where in Georgia?',
      figures: {},
      expect_ask: ['USA-GA', 'GEO'],
    };
    expect(
      judgeQuestion(georgia, {
        end: 'asked',
        answer: 'Which Georgia?',
        askOptions: ['Georgia (USA-GA)', 'Georgia (GEO)'],
      }).passed,
    ).toBe(true);
    expect(judgeQuestion(georgia, { end: 'answered', answer: 'Mean 0.2 in USA-GA.' })).toMatchObject({
      passed: false,
      wrongConfident: true,
    });
  });
});

describe('scoreVerdicts', () => {
  it('gives the answered share and lists the wrong-confident ids', () => {
    const verdicts = [
      judgeQuestion(peak, {
        end: 'answered',
        answer: 'Week 16 (2023-04-19): mean 1.074.',
        reading: upReading,
      }),
      judgeQuestion(robins, { end: 'answered', answer: 'Sapsuckers peak at 0.65.' }),
    ];
    expect(scoreVerdicts(verdicts)).toEqual({
      questions: 2,
      passed: 1,
      answeredPercent: 50,
      readingMatched: 1,
      readingRecorded: 1,
      wrongConfident: ['robins'],
    });
  });
});
