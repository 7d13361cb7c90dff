import { maskNote, type Target } from './resolve-target';

/** How the tools' caveat for a call with no region begins (src/tools/support/resolve-subject.ts). */
const NO_REGION_CAVEAT = 'No region given:';

/** Caveats of the results an answer used, in first-seen order, each once. */
export function caveatsOf(results: readonly (Record<string, any> | undefined)[]): string[] {
  const seen = new Set<string>();
  for (const result of results) for (const caveat of (result?.caveats ?? []) as string[]) seen.add(caveat);
  return [...seen];
}

/**
 * The answer: how the question was read, the figures, then the caveats the tools returned.
 * Simulated data is said first, so no one reads a fictional figure as a fact.
 */
export function writeAnswer(target: Target | undefined, sentences: readonly string[], caveats: readonly string[]): string {
  const parts: string[] = [];
  const simulated = target?.simulatedNames ?? (target?.species.simulated ? [target.species.name] : []);
  if (simulated.length === 1) parts.push(`Simulated data: ${simulated[0]} is a fictional species of the demo build; these figures are not facts about a real bird.`);
  if (simulated.length > 1) parts.push(`Simulated data: ${simulated.join(' and ')} are fictional species of the demo build; these figures are not facts about real birds.`);
  const reading = [...(target?.notes ?? []), ...(target ? [maskNote(target)] : [])].filter((note): note is string => note !== undefined);
  if (reading.length > 0) parts.push(reading.join(' '));
  parts.push(sentences.join(' '));
  // With a mask (checkMask) the planner leaves the region out on purpose and says why above; the
  // tools' "No region given: …" caveat would then tell someone who named Michigan that they did not.
  const shown = target?.mask ? caveats.filter((caveat) => !caveat.startsWith(NO_REGION_CAVEAT)) : caveats;
  if (shown.length > 0) parts.push(['Caveats:', ...shown.map((caveat) => `- ${caveat}`)].join('\n'));
  return parts.join('\n\n');
}
