import { dataFiguresIn, type EvalQuestion, type FigureCheck, scoreAnswer } from './score-answer';
import { checkReading, type ReadingCheck, type RecordedReading } from './score-reading';

/** What one asked question gave: how the turn ended, the answer, the ask_user options, the recorded reading. */
export interface AskedTurn {
  end: string;
  answer: string;
  /** Options of the turn's ask_user call, when it asked back. */
  askOptions?: string[];
  reading?: RecordedReading;
}

/**
 * One question judged:
 * - `passed` (counted as "answered"): every expected figure found (an answerable question), no
 *   figure about the bird (an unanswerable one), or the expected options asked back (an ambiguous one);
 * - `reading`: the recorded frame against `expect_reading` / `expect_out_of_scope`;
 * - `wrongConfident`: a confident answer to a different question — the turn answered with figures
 *   about the bird, yet the reading differs (when one is recorded), an expected figure is missing,
 *   the question was out of scope, or it should have asked back.
 */
export interface QuestionVerdict {
  id: string;
  passed: boolean;
  expects: 'figures' | 'refusal' | 'ask';
  end: string;
  figures: FigureCheck[];
  reading: ReadingCheck;
  /** Figures about the bird in the answer (years, species counts and the question's own numbers aside). */
  dataFigures: string[];
  wrongConfident: boolean;
  problems: string[];
}

export function judgeQuestion(question: EvalQuestion, turn: AskedTurn): QuestionVerdict {
  const expects = question.expect_out_of_scope ? 'refusal' : question.expect_ask ? 'ask' : 'figures';
  const figures = expects === 'figures' ? scoreAnswer(turn.answer, question) : [];
  const reading =
    question.expect_reading || question.expect_out_of_scope
      ? checkReading(
          {
            ...(question.expect_reading ? { reading: question.expect_reading } : {}),
            ...(question.expect_out_of_scope ? { outOfScope: question.expect_out_of_scope } : {}),
          },
          turn.reading,
        )
      : { status: 'unchecked' as const, problems: [] };
  const dataFigures = dataFiguresIn(turn.answer, question.question, turn.reading?.summary);
  const phrasesMissing = (question.expect_phrases ?? []).filter((phrase) => !turn.answer.includes(phrase));
  const problems: string[] = [];
  let passed: boolean;
  if (expects === 'refusal') {
    passed = turn.end === 'answered' && dataFigures.length === 0;
    if (turn.end !== 'answered') problems.push(`turn ended: ${turn.end}`);
    if (dataFigures.length) problems.push(`refusal gives figures ${dataFigures.join(', ')}`);
  } else if (expects === 'ask') {
    const options = (turn.askOptions ?? []).join(' | ');
    passed =
      turn.end === 'asked' &&
      question.expect_ask!.every((option) => options.includes(option) || turn.answer.includes(option));
    if (!passed)
      problems.push(
        `expected ask_user with ${question.expect_ask!.join(', ')}; turn ended ${turn.end}${options ? ` offering ${options}` : ''}`,
      );
  } else {
    const missing = figures.filter((check) => !check.found);
    passed = turn.end === 'answered' && missing.length === 0;
    if (turn.end !== 'answered') problems.push(`turn ended: ${turn.end}`);
    if (missing.length)
      problems.push(`missing ${missing.map((check) => `${check.name}=${check.expected}`).join(', ')}`);
  }
  if (phrasesMissing.length) {
    passed = false;
    problems.push(`answer lacks ${phrasesMissing.map((phrase) => `"${phrase}"`).join(', ')}`);
  }
  const confident = turn.end === 'answered' && dataFigures.length > 0;
  const wrongConfident =
    confident &&
    (expects !== 'figures' || reading.status === 'mismatched' || figures.some((check) => !check.found));
  return {
    id: question.id,
    passed,
    expects,
    end: turn.end,
    figures,
    reading,
    dataFigures,
    wrongConfident,
    problems,
  };
}

export interface DevScore {
  questions: number;
  passed: number;
  answeredPercent: number;
  readingMatched: number;
  readingRecorded: number;
  wrongConfident: string[];
}

export function scoreVerdicts(verdicts: readonly QuestionVerdict[]): DevScore {
  const passed = verdicts.filter((verdict) => verdict.passed).length;
  return {
    questions: verdicts.length,
    passed,
    answeredPercent: verdicts.length ? (100 * passed) / verdicts.length : 0,
    readingMatched: verdicts.filter((verdict) => verdict.reading.status === 'matched').length,
    readingRecorded: verdicts.filter(
      (verdict) => verdict.reading.status === 'matched' || verdict.reading.status === 'mismatched',
    ).length,
    wrongConfident: verdicts.filter((verdict) => verdict.wrongConfident).map((verdict) => verdict.id),
  };
}

/** One line per question: PASS/FAIL, figures found, reading, and why it failed. */
export function verdictLine(verdict: QuestionVerdict): string {
  const found = verdict.figures.filter((check) => check.found).length;
  const what =
    verdict.expects === 'figures'
      ? `${found}/${verdict.figures.length} figures`
      : verdict.expects === 'refusal'
        ? 'refusal'
        : 'ask back';
  const reading = {
    matched: 'reading ok',
    none: 'no reading recorded',
    unchecked: 'reading not checked',
    mismatched: `reading: ${verdict.reading.problems.join('; ')}`,
  }[verdict.reading.status];
  return `${verdict.passed ? 'PASS' : 'FAIL'}${verdict.wrongConfident ? ' WRONG-CONFIDENT' : ''} ${verdict.id}: ${what}, ${reading}${verdict.problems.length ? ` — ${verdict.problems.join('; ')}` : ''}`;
}
