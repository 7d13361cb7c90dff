import { callTool, type PendingChoice, type Plan, type PlannerMemory, PlanStop } from './plan-step';

/**
 * Ends the turn with ask_user: the loop stops after the call, and the next user message is
 * matched against these options (pickChoice). Never returns.
 */
export function* askChoice(memory: PlannerMemory, asked: string, question: string, options: PendingChoice['options']): Plan<never> {
  memory.pending = { question, options, asked };
  yield* callTool('ask_user', { question, options: options.map((option) => option.label) });
  // Only reached if the loop hands results back after ask_user (it ends the turn instead).
  throw new PlanStop(question);
}

/** The option a reply picks: its label, its code, its name if only one has it, or its number. */
export function pickChoice(pending: PendingChoice, reply: string): PendingChoice['options'][number] | undefined {
  const text = reply.trim().toLowerCase();
  const number = /^\d+$/.test(text) ? Number(text) : undefined;
  if (number !== undefined) return pending.options[number - 1];
  const byLabel = pending.options.find((option) => option.label.toLowerCase() === text);
  if (byLabel) return byLabel;
  const byCode = pending.options.filter((option) => new RegExp(`\\b${option.code.toLowerCase().replace(/[-]/g, '\\-')}\\b`).test(text));
  if (byCode.length === 1) return byCode[0];
  const byName = pending.options.filter((option) => text.includes(option.name.toLowerCase()));
  return byName.length === 1 ? byName[0] : undefined;
}
