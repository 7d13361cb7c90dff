import type { AuditEntry } from './audit-log';
import type { Attachment, ToolContext } from './define-tool';
import { type ToolEnvelope, type ToolError, isToolFailure } from './envelope';
import type { ApprovalCard } from './approvals';
import { checkedResult } from './check-result';
import { parseArguments } from './parse-arguments';
import { runWithDeadline } from './run-with-deadline';
import { missingRequirements, type Session } from './session';
import type { ToolCall } from './tool-call';
import type { RegistryState } from './registry-state';
import { recorder } from './record-call';

export interface CallOptions {
  /** The user's Stop. */
  signal?: AbortSignal;
  /** Overrides the registry's deadline for this call. */
  timeoutMs?: number;
}

/** What one call produced: the envelope for the model, and what only the page sees. */
export interface CallOutcome {
  envelope: ToolEnvelope;
  attachments: Attachment[];
  audit: AuditEntry;
  /** Set when a write tool proposed: the card a person approves or denies. */
  card?: ApprovalCard;
}

/**
 * The only door to a tool. Checks run in this order, and each refusal is an envelope plus one
 * audit row:
 *  0. the call was readable (else `malformed_call`)
 *  1. the tool exists, looked up by own key only (else `unknown_tool`, listing this agent's tools)
 *  2. this agent may use it (else `not_allowed`)
 *  3. the session provides what the tool requires (else `no_scope`)
 *  4. the arguments match the tool's schema (else `invalid_arguments` with `problems`)
 *  5. a write tool proposes a card and stops (`proposed`)
 *  6. the handler runs under a deadline (`timeout`, `cancelled`, tool codes, `internal_error`,
 *     also for a result its output schema rejects)
 *  7. the result fits the byte budget (trimmed with a note, else `result_too_large`)
 */
export async function callTool<Services>(
  state: RegistryState<Services>,
  agent: string,
  call: ToolCall,
  session: Session,
  options: CallOptions = {},
): Promise<CallOutcome> {
  const started = state.now();
  const record = recorder(state, agent, call, session, started);

  if (call.malformed !== undefined) {
    return record.refuse('malformed_call', `malformed_call: ${call.malformed}.`, call.arguments);
  }
  const allowed = state.agents.get(agent) ?? [];
  const tool = state.tools.get(call.name);
  if (tool === undefined) {
    return record.refuse(
      'unknown_tool',
      `unknown_tool: no tool named '${call.name}'. Available tools: ${allowed.join(', ') || 'none'}.`,
      call.arguments,
    );
  }
  if (!allowed.includes(tool.name)) {
    return record.refuse(
      'not_allowed',
      `not_allowed: tool '${tool.name}' is not available to this agent. Available tools: ${allowed.join(', ') || 'none'}.`,
      call.arguments,
    );
  }
  const missing = missingRequirements(session, tool.requires ?? []);
  if (missing.length > 0) {
    return record.refuse(
      'no_scope',
      `no_scope: this session has no ${missing.join(', ')} chosen, so '${tool.name}' cannot read anything. Ask the user to choose datasets in Data scope.`,
      call.arguments,
    );
  }
  const parsed = parseArguments(tool.input, call.arguments);
  if (!parsed.ok) {
    const error: ToolError = {
      code: 'invalid_arguments',
      message: `invalid_arguments: the arguments for '${tool.name}' do not match its schema. Fix the problems listed and call it again.`,
      problems: parsed.problems,
    };
    return record.finish('refused', error, call.arguments, parsed.refusedKeys);
  }

  const attachments: Attachment[] = [];
  const run = (signal: AbortSignal) => {
    const context: ToolContext<Services> = {
      session,
      signal,
      services: state.services,
      callId: call.id,
      attach: (item) => attachments.push(item),
    };
    return tool.scope === 'write'
      ? tool.propose(parsed.value, context)
      : checkedResult(tool, () => tool.run(parsed.value, context));
  };
  const result = await runWithDeadline(run, {
    timeoutMs: options.timeoutMs ?? state.limits.timeoutMs,
    signal: options.signal,
  });

  switch (result.outcome) {
    case 'timeout':
      return record.finish(
        'timeout',
        {
          code: 'timeout',
          message: `timeout: '${tool.name}' did not finish within ${options.timeoutMs ?? state.limits.timeoutMs} ms and was stopped. Ask for less (filter, aggregate, fewer weeks) and try again.`,
        },
        parsed.value,
      );
    case 'cancelled':
      return record.finish(
        'cancelled',
        { code: 'cancelled', message: `cancelled: the user stopped '${tool.name}'.` },
        parsed.value,
      );
    case 'threw':
      return record.failure(result.error, parsed.value);
    case 'done':
      break;
  }
  if (isToolFailure(result.value)) return record.failure(result.value, parsed.value);

  if (tool.scope === 'write') {
    const card = await state.approvals.add(
      {
        tool: tool.name,
        call_id: call.id,
        session_id: session.id,
        arguments: parsed.value,
        summary: result.value as ApprovalCard['summary'],
      },
      session.secrets,
    );
    const error: ToolError = {
      code: 'proposed',
      message: `proposed: '${tool.name}' needs a person's approval; it was shown to the user as proposal ${card.id} and has not run.`,
      hint: 'Tell the user what you proposed and wait; do not call it again.',
    };
    return { ...record.finish('proposed', error, parsed.value), card };
  }
  return { ...record.success(result.value, parsed.value), attachments };
}
