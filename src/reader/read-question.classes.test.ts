import { describe, expect, it } from 'vitest';
import type { QueryFrame } from '../frame/query-frame';
import {
  READING_CLASSES,
  READING_GUARDS,
  caseProblems,
  type ReadingCase,
} from './__fixtures__/reading-classes';
import { TEST_CLOCK, TEST_VOCABULARY } from './__fixtures__/test-vocabulary';
import { readQuestion } from './read-question';
import type { Reading } from './reading';

/** Reads the case's context turns, then the question, as one conversation (previous and the one before it). */
function readCase(entry: ReadingCase): Reading {
  let previous: QueryFrame | undefined;
  let before: QueryFrame | undefined;
  for (const text of entry.context ?? []) {
    const reading = readQuestion(text, {
      vocabulary: TEST_VOCABULARY,
      clock: TEST_CLOCK,
      ...(previous ? { previous } : {}),
      ...(before ? { before } : {}),
    });
    if (reading.frame) [before, previous] = [previous, reading.frame];
  }
  return readQuestion(entry.question, {
    vocabulary: TEST_VOCABULARY,
    clock: TEST_CLOCK,
    ...(previous ? { previous } : {}),
    ...(before ? { before } : {}),
  });
}

describe.each(Object.entries(READING_CLASSES))('readQuestion, class: %s', (_name, cases) => {
  it.each(cases.map((entry) => [entry.question, entry] as const))('%s', (_question, entry) => {
    const reading = readCase(entry);
    expect(caseProblems(reading, entry), reading.summary).toEqual([]);
  });
});

describe('readQuestion: readings the class fixes keep', () => {
  it.each(READING_GUARDS.map((entry) => [entry.question, entry] as const))('%s', (_question, entry) => {
    const reading = readCase(entry);
    expect(caseProblems(reading, entry), reading.summary).toEqual([]);
  });
});

describe('readQuestion: "before" is only used for "the two"', () => {
  it('a follow-up without "two" or a comparison ignores the frame before the previous one', () => {
    const reading = readCase({
      context: ['Chance of a sapsucker in week 15?', 'and week 40?'],
      question: 'and near Detroit?',
    });
    expect(reading.frame?.times).toEqual([expect.objectContaining({ from: 40, to: 40 })]);
    expect(reading.frame?.places).toEqual([expect.objectContaining({ kind: 'near', name: 'Detroit' })]);
  });
});
