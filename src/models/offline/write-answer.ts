import type { StatusResult } from '../../frame/status-result';
import type { Reading } from '../../reader';
import {
  type DescribeContext,
  describeComparison,
  describeList,
  describeRanking,
  describeSubject,
  type SubjectText,
} from './describe-status';
import type { PlannerMemory } from './plan-step';

/**
 * The answer a person reads (issue 12: answers read like a log), in this order: the simulated
 * warning when there is one; how the question was read (one line, which the page shows as chips
 * instead); one plain sentence; the figures behind it; a caveat that changes what the figures
 * mean, said the first time it applies in the conversation; the reader's notes and other
 * readings; then "Details:" — the weeks, dates, thresholds and coordinates read, and every other
 * caveat — which the page folds into a Details toggle (src/ui/markdown.ts).
 */
export function writeAnswer(
  reading: Reading,
  result: StatusResult,
  memory: PlannerMemory,
  simulated: readonly string[],
): string {
  // Simulated data is said first, so no one reads a fictional figure as a fact.
  const parts: string[] =
    simulated.length > 0
      ? [
          `Simulated data: ${simulated.join(' and ')} ${simulated.length === 1 ? 'is a fictional species' : 'are fictional species'} of the demo build; these figures are not facts about a real bird.`,
        ]
      : [];
  parts.push(`I read this as: ${result.read_as}.`);
  const text = describeResult(result, describeContext(memory));
  parts.push(text.headline);
  if (text.figures.length > 0) parts.push(text.figures.join(' '));
  const { shown, folded } = sortCaveats(result.caveats, memory);
  if (shown.length > 0) parts.push(`Note: ${shown.join(' ')}`);
  const notes = [...reading.notes, ...(reading.unknown.length > 0 ? [unknownSentence(reading.unknown)] : [])];
  if (notes.length > 0) parts.push(notes.join(' '));
  const others = reading.alternatives.slice(1).map((alternative) => alternative.label);
  if (others.length > 0)
    parts.push(
      `I could also read your question as: ${others.join('; ')}. Change the reading above, or ask it that way.`,
    );
  const details = [...text.method, ...folded];
  if (details.length > 0) parts.push(['Details:', ...details.map((line) => `- ${line}`)].join('\n'));
  return parts.join('\n\n');
}

function describeResult(result: StatusResult, context: DescribeContext): SubjectText {
  if (result.operation === 'rank_species') return describeRanking(result);
  if (result.subjects.length > 2) return describeList(result, context);
  if (result.subjects.length === 2) return describeComparison(result, context);
  return describeSubject(result.subjects[0]!, result, context);
}

/** "every modelled cell" of a masked build is said as the region it is masked to ("in Michigan"). */
function describeContext(memory: PlannerMemory): DescribeContext {
  const vocabulary = memory.vocabulary;
  const mask = vocabulary?.maskRegion;
  const name = mask ? (vocabulary.regions.find((region) => region.code === mask)?.name ?? mask) : undefined;
  return name ? { dataArea: name } : {};
}

/** "I did not understand 'backyard'." — the words as typed, never blamed on the species. */
export function unknownSentence(words: readonly string[]): string {
  const quoted = words.map((word) => `'${word}'`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `I did not understand ${list}, so I left ${words.length === 1 ? 'it' : 'them'} out.`;
}

/**
 * Caveats that change what a figure means to a person — the data is cut to a region, the model
 * covers only part of a place, a season failed expert review, relative abundance is not a head
 * count. The tools write these sentences (place-condition.ts, query-status.ts); the rest (how
 * NULL is averaged, what "near" means, how a cell is assigned) are method, for the Details only.
 */
const READER_CAVEATS = [
  /\bmasked to\b/,
  /\bcovers only about\b/,
  /\bexpert review\b/,
  /\bnot the number of birds\b/,
];

/**
 * A reader's caveat is said in the answer the first time it applies in the conversation, and kept
 * under Details afterwards; every other caveat is under Details each time, so each answer's
 * Details are whole. Records what was said in `memory.said`.
 */
function sortCaveats(
  caveats: readonly string[],
  memory: PlannerMemory,
): { shown: string[]; folded: string[] } {
  const said = new Set(memory.said ?? []);
  const shown = caveats.filter(
    (caveat) => !said.has(caveat) && READER_CAVEATS.some((pattern) => pattern.test(caveat)),
  );
  memory.said = [...said, ...shown];
  return { shown, folded: caveats.filter((caveat) => !shown.includes(caveat)) };
}
