import type { Attachment, CallOutcome, Registry, Session, ToolCall } from '../registry';
import type { Payload } from '../payloads';
import type { AgentEvent } from './agent-event';
import type { ProvenanceSource } from './find-provenance';

/** Attachment kinds that travel to the page as payloads. */
const PAYLOAD_KINDS = new Set(['map-layer', 'chart', 'data-table']);

export interface CallContext {
  registry: Registry;
  agent: string;
  session: Session;
  turnId: string;
  signal: AbortSignal;
  callTimeoutMs?: number;
  emit: (event: AgentEvent) => void;
}

export interface CallRun {
  outcome: CallOutcome;
  /** Set when the call was `ask_user`: the turn ends with this question. */
  question?: { question: string; options: string[] };
  /** Set for a successful call: where figures of the answer may come from. */
  source?: ProvenanceSource;
}

/**
 * One call through the registry, with its events in order: tool-call, audit-add, tool-result,
 * then what it attached (payload-add, question-ask) and any approval-need.
 */
export async function runCall(context: CallContext, call: ToolCall): Promise<CallRun> {
  const { turnId, emit } = context;
  const sql = sqlOf(call.arguments);
  emit({
    type: 'tool-call',
    turnId,
    callId: call.id,
    name: call.name,
    arguments: call.arguments,
    ...(sql ? { sql } : {}),
  });
  const outcome = await context.registry.call(context.agent, call, context.session, {
    signal: context.signal,
    ...(context.callTimeoutMs !== undefined ? { timeoutMs: context.callTimeoutMs } : {}),
  });
  const { envelope, audit } = outcome;
  emit({ type: 'audit-add', turnId, entry: audit });
  emit({
    type: 'tool-result',
    turnId,
    callId: call.id,
    name: call.name,
    ok: envelope.ok,
    ...(envelope.ok ? {} : { code: envelope.error.code }),
    summary: envelope.ok
      ? audit.rows !== undefined
        ? `${audit.rows} rows`
        : 'ok'
      : envelope.error.message.slice(0, 200),
    durationMs: audit.duration_ms,
    ...(audit.rows !== undefined ? { rows: audit.rows } : {}),
  });
  let question: CallRun['question'];
  for (const attachment of outcome.attachments) {
    if (PAYLOAD_KINDS.has(attachment.kind))
      emit({ type: 'payload-add', turnId, payload: attachment.payload as Payload });
    const asked = questionOf(attachment);
    if (asked) {
      question = asked;
      emit({ type: 'question-ask', turnId, ...asked });
    }
    // Other kinds are for other consumers (none yet); they never reach the model either way.
  }
  if (outcome.card) emit({ type: 'approval-need', turnId, card: outcome.card });
  const source = envelope.ok
    ? {
        callId: call.id,
        tool: call.name,
        data: envelope.data,
        ...((sqlOf(envelope.data) ?? sql) ? { sql: sqlOf(envelope.data) ?? sql } : {}),
      }
    : undefined;
  return { outcome, ...(question ? { question } : {}), ...(source ? { source } : {}) };
}

function sqlOf(value: unknown): string | undefined {
  const sql = typeof value === 'object' && value !== null ? (value as { sql?: unknown }).sql : undefined;
  return typeof sql === 'string' ? sql : undefined;
}

function questionOf(attachment: Attachment): CallRun['question'] {
  if (attachment.kind !== 'question') return undefined;
  const payload = attachment.payload as { question?: unknown; options?: unknown };
  if (typeof payload?.question !== 'string') return undefined;
  const options = Array.isArray(payload.options)
    ? payload.options.filter((option): option is string => typeof option === 'string')
    : [];
  return { question: payload.question, options };
}
