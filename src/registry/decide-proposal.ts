import type { CallOptions, CallOutcome } from './call-tool';
import type { ToolContext, Attachment } from './define-tool';
import { isToolFailure } from './envelope';
import { recorder } from './record-call';
import type { RegistryState } from './registry-state';
import { runWithDeadline } from './run-with-deadline';
import type { Session } from './session';

/** Decisions are made by a person, recorded under this agent name in the audit. */
export const PERSON_AGENT = 'person';

/**
 * Runs a write tool's `execute` with exactly the proposed arguments, once. Edited arguments,
 * a second approval, an expired or unknown card are refused; every decision is audited.
 */
export async function approveProposal<Services>(
  state: RegistryState<Services>,
  cardId: string,
  approvedArguments: unknown,
  session: Session,
  options: CallOptions = {},
): Promise<CallOutcome> {
  const started = state.now();
  const taken = await state.approvals.take(cardId, approvedArguments);
  const card = taken.card;
  const record = recorder(state, PERSON_AGENT, { id: card?.call_id ?? cardId, name: card?.tool ?? '(unknown)' }, session, started, { card_id: cardId });
  if (!taken.ok) return record.refuse(taken.code, taken.message, approvedArguments);
  const tool = state.tools.get(taken.card.tool);
  if (tool?.scope !== 'write' || taken.card.session_id !== session.id) {
    return record.refuse('approval_unknown', `approval_unknown: proposal '${cardId}' does not belong to this session.`, approvedArguments);
  }
  const attachments: Attachment[] = [];
  const result = await runWithDeadline(
    (signal) => {
      const context: ToolContext<Services> = { session, signal, services: state.services, callId: taken.card.call_id, attach: (item) => attachments.push(item) };
      return tool.execute(taken.card.arguments, context);
    },
    { timeoutMs: options.timeoutMs ?? state.limits.timeoutMs, signal: options.signal },
  );
  switch (result.outcome) {
    case 'timeout':
      return record.finish('timeout', { code: 'timeout', message: `timeout: approved '${tool.name}' did not finish in time and was stopped.` }, taken.card.arguments);
    case 'cancelled':
      return record.finish('cancelled', { code: 'cancelled', message: `cancelled: the user stopped '${tool.name}'.` }, taken.card.arguments);
    case 'threw':
      return record.failure(result.error, taken.card.arguments);
    case 'done':
      if (isToolFailure(result.value)) return record.failure(result.value, taken.card.arguments);
      return { ...record.success(result.value, taken.card.arguments, 'approved'), attachments };
  }
}

export function denyProposal<Services>(state: RegistryState<Services>, cardId: string, session: Session): CallOutcome {
  const taken = state.approvals.deny(cardId);
  const record = recorder(state, PERSON_AGENT, { id: taken.card?.call_id ?? cardId, name: taken.card?.tool ?? '(unknown)' }, session, state.now(), { card_id: cardId });
  if (!taken.ok) return record.refuse(taken.code, taken.message, {});
  return record.finish('denied', { code: 'denied', message: `denied: the user declined '${taken.card.tool}' (proposal ${cardId}); it did not run. Do not propose it again unless asked.` }, taken.card.arguments);
}
