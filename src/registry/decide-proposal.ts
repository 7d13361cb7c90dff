import type { CallOptions, CallOutcome } from './call-tool';
import type { ToolContext, Attachment } from './define-tool';
import { checkedResult } from './check-result';
import { isToolFailure } from './envelope';
import type { ClaimResult, DecisionRequest } from './approvals';
import { recorder } from './record-call';
import type { RegistryState } from './registry-state';
import { runWithDeadline } from './run-with-deadline';
import type { Session } from './session';

/** Decisions are made by a person, recorded under this agent name in the audit. */
export const PERSON_AGENT = 'person';

/**
 * Runs a write tool's `execute` with exactly the proposed arguments, once. The decision is
 * claimed before the first await, so of any number of concurrent approve/deny calls exactly one
 * decides and the rest are refused `approval_used`; a call from another session, edited
 * arguments and an expired or unknown card are refused too. Every attempt writes one audit row.
 */
export async function approveProposal<Services>(
  state: RegistryState<Services>,
  cardId: string,
  approvedArguments: unknown,
  session: Session,
  options: CallOptions = {},
): Promise<CallOutcome> {
  const started = state.now();
  const claim = state.approvals.claim(cardId, session.id, { kind: 'approve', approvedArguments });
  const record = decisionRecorder(state, cardId, claim, session, started);
  if (!claim.ok) return record.refuse(claim.code, claim.message, approvedArguments);
  const tool = state.tools.get(claim.card.tool);
  if (tool?.scope !== 'write') {
    // Only a registered write tool can propose, so this is a Perch bug; the card stays decided.
    claim.settle();
    return record.refuse(
      'approval_unknown',
      `approval_unknown: proposal '${cardId}' names no write tool of this registry.`,
      approvedArguments,
    );
  }
  const args = claim.arguments();
  const attachments: Attachment[] = [];
  const result = await runWithDeadline(
    (signal) => {
      const context: ToolContext<Services> = {
        session,
        signal,
        services: state.services,
        callId: claim.card.call_id,
        attach: (item) => attachments.push(item),
      };
      return checkedResult(tool, () => tool.execute(args, context));
    },
    { timeoutMs: options.timeoutMs ?? state.limits.timeoutMs, signal: options.signal },
  );
  claim.settle();
  switch (result.outcome) {
    case 'timeout':
      return record.finish(
        'timeout',
        {
          code: 'timeout',
          message: `timeout: approved '${tool.name}' did not finish in time and was stopped.`,
        },
        claim.card.arguments,
      );
    case 'cancelled':
      return record.finish(
        'cancelled',
        { code: 'cancelled', message: `cancelled: the user stopped '${tool.name}'.` },
        claim.card.arguments,
      );
    case 'threw':
      return record.failure(result.error, claim.card.arguments);
    case 'done':
      if (isToolFailure(result.value)) return record.failure(result.value, claim.card.arguments);
      return { ...record.success(result.value, claim.card.arguments, 'approved'), attachments };
  }
}

/** Declines a card of this session; synchronous, so it is decided the moment it is called. */
export function denyProposal<Services>(
  state: RegistryState<Services>,
  cardId: string,
  session: Session,
): CallOutcome {
  const request: DecisionRequest = { kind: 'deny' };
  const claim = state.approvals.claim(cardId, session.id, request);
  const record = decisionRecorder(state, cardId, claim, session, state.now());
  if (!claim.ok) return record.refuse(claim.code, claim.message, {});
  return record.finish(
    'denied',
    {
      code: 'denied',
      message: `denied: the user declined '${claim.card.tool}' (proposal ${cardId}); it did not run. Do not propose it again unless asked.`,
    },
    claim.card.arguments,
  );
}

/**
 * The one audit row of a decision attempt, redacted with the approving session's secrets and
 * the proposing session's (the worker approves with a session that holds no model key), and
 * naming in `detail` which attempt decided the card.
 */
function decisionRecorder<Services>(
  state: RegistryState<Services>,
  cardId: string,
  claim: ClaimResult,
  session: Session,
  started: number,
) {
  const secrets = [...(session.secrets ?? []), ...claim.secrets];
  const call = { id: claim.card?.call_id ?? cardId, name: claim.card?.tool ?? '(unknown)' };
  return recorder(state, PERSON_AGENT, call, { ...session, secrets }, started, {
    card_id: cardId,
    ...(claim.detail ? { detail: claim.detail } : {}),
  });
}
