import type { Alternative, Reading } from '../../reader';
import { callTool, type PendingChoice, type Plan, type PlannerMemory, PlanStop } from './plan-step';

/**
 * Ends the turn with ask_user offering the closest readings of an ambiguous question as buttons;
 * the next user message is matched against them (pickReading). Never returns.
 */
export function* askReading(memory: PlannerMemory, reading: Reading): Plan<never> {
  const alternatives = reading.alternatives.slice(0, 3);
  const labels = distinguishingLabels(alternatives.map((alternative) => alternative.label));
  const options = alternatives.map((alternative, index) => ({ ...alternative, label: labels[index]! }));
  const question = 'Your question can be read more than one way. Which do you mean?';
  memory.pending = { question, options };
  yield* callTool('ask_user', { question, options: labels });
  // Only reached if the loop hands results back after ask_user (it ends the turn instead).
  throw new PlanStop(question);
}

/** Longest option ask_user takes (its schema). */
const MAX_OPTION = 100;

/**
 * Buttons show only what tells the readings apart: of "Simulated Sparrow · relative abundance ·
 * arrival · whole year" and "Simulated Thrush · …", the species names.
 */
export function distinguishingLabels(labels: readonly string[]): string[] {
  const parts = labels.map((label) => label.split(' · '));
  const differs = (index: number) => new Set(parts.map((segments) => segments[index] ?? '')).size > 1;
  return parts
    .map((segments, _row) => {
      const kept = segments.filter((_segment, index) => differs(index));
      const text = (kept.length > 0 ? kept : segments).join(' · ');
      return text.length <= MAX_OPTION ? text : `${text.slice(0, MAX_OPTION - 1)}…`;
    })
    .map((text, row, all) => (all.indexOf(text) === row ? text : `${text} (${row + 1})`));
}

/** The reading a reply picks: its label, its number, or the only label the reply is part of. */
export function pickReading(pending: PendingChoice, reply: string): Alternative | undefined {
  const text = reply.trim().toLowerCase();
  if (/^\d+$/.test(text)) return pending.options[Number(text) - 1];
  const byLabel = pending.options.find((option) => option.label.toLowerCase() === text);
  if (byLabel) return byLabel;
  const containing = pending.options.filter(
    (option) => text.length >= 3 && option.label.toLowerCase().includes(text),
  );
  return containing.length === 1 ? containing[0] : undefined;
}
