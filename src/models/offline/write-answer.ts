import type { StatusResult } from '../../frame/status-result';
import type { Reading } from '../../reader';
import { comparisonSentence, listSentence, rankingSentences, subjectSentences } from './describe-status';
import type { PlannerMemory } from './plan-step';

/**
 * The answer: how the question was read (one line), the plain sentences with their figures,
 * then the method and caveats under "Details" — each caveat once per conversation, so a
 * follow-up does not repeat "This data is masked to Michigan…" (issue 12: answers read like a log).
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
  if (reading.notes.length > 0) parts.push(reading.notes.join(' '));
  if (reading.unknown.length > 0) parts.push(unknownSentence(reading.unknown));
  const sentences =
    result.operation === 'rank_species'
      ? rankingSentences(result)
      : result.subjects.length > 2
        ? [listSentence(result)]
        : result.subjects.flatMap((subject) => subjectSentences(subject, result));
  const comparison = comparisonSentence(result);
  parts.push([...sentences, ...(comparison ? [comparison] : [])].join(' '));
  const others = reading.alternatives.slice(1).map((alternative) => alternative.label);
  if (others.length > 0)
    parts.push(
      `I could also read your question as: ${others.join('; ')}. Change the reading above, or ask it that way.`,
    );
  const details = newCaveats(result.caveats, memory);
  if (details.length > 0) parts.push(['Details:', ...details.map((caveat) => `- ${caveat}`)].join('\n'));
  return parts.join('\n\n');
}

/** "I did not understand 'backyard'." — the words as typed, never blamed on the species. */
export function unknownSentence(words: readonly string[]): string {
  const quoted = words.map((word) => `'${word}'`);
  const list = quoted.length === 1 ? quoted[0] : `${quoted.slice(0, -1).join(', ')} and ${quoted.at(-1)}`;
  return `I did not understand ${list}, so I left ${words.length === 1 ? 'it' : 'them'} out.`;
}

/** Caveats not yet said in this conversation; records them as said. */
function newCaveats(caveats: readonly string[], memory: PlannerMemory): string[] {
  const said = new Set(memory.said ?? []);
  const fresh = caveats.filter((caveat) => !said.has(caveat));
  memory.said = [...said, ...fresh];
  return fresh;
}
