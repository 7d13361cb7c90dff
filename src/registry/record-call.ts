import { type AuditEntry, type AuditOutcome, capAuditRow } from './audit-log';
import type { CallOutcome } from './call-tool';
import { type ToolEnvelope, type ToolError, type ToolErrorCode, isToolFailure } from './envelope';
import { fitEnvelope } from './fit-to-budget';
import { withoutHostPaths } from './host-paths';
import { redact, redactTree } from './redact';
import type { RegistryState } from './registry-state';
import { serialize } from './serialize';
import type { Session } from './session';

/** The model never sees exception text; the audit row keeps it (`detail`). */
const INTERNAL_ERROR_MESSAGE =
  'internal_error: the tool failed inside Perch; this was not caused by your arguments. Try another tool or tell the user it failed.';

/** Builds envelopes and their one audit row each, so no return path can skip the audit. */
export function recorder<Services>(
  state: RegistryState<Services>,
  agent: string,
  call: { id: string; name: string },
  session: Session,
  started: number,
  defaults: Partial<AuditEntry> = {},
) {
  const secrets = session.secrets ?? [];
  // Every string from the call leaves through here: the envelope is redacted, stripped of host
  // paths and fitted to the budget as a whole; the row is redacted (and capped by the log).
  const write = (
    envelope: ToolEnvelope,
    outcome: AuditOutcome,
    args: unknown,
    extra: Partial<AuditEntry> = {},
  ): CallOutcome => {
    let fitted = fitEnvelope(cleanEnvelope(envelope, secrets), state.limits.resultBytes);
    if (!fitted.fits) {
      const tooLarge: ToolError = {
        code: 'result_too_large',
        message: `result_too_large: the result is ${fitted.bytes} bytes, over the ${state.limits.resultBytes}-byte budget. Aggregate, filter, or ask for fewer columns.`,
      };
      fitted = fitEnvelope(
        { call_id: call.id, name: call.name, ok: false, error: tooLarge },
        state.limits.resultBytes,
      );
      outcome = 'failed';
      extra = { ...extra, rows: undefined };
    }
    if (!fitted.fits) throw new Error('an error envelope always fits its budget');
    const sent = fitted.envelope;
    const audit = capAuditRow(
      redact(
        {
          time: new Date(started).toISOString(),
          session_id: session.id,
          agent,
          tool: call.name,
          call_id: call.id,
          arguments: precut(args),
          refused_keys: [],
          outcome,
          bytes: fitted.bytes,
          duration_ms: Math.max(0, state.now() - started),
          ...(sent.ok ? {} : { code: sent.error.code }),
          ...defaults,
          ...extra,
        } satisfies AuditEntry,
        secrets,
      ) as AuditEntry,
    );
    state.audit.append(audit);
    return { envelope: sent, attachments: [], audit };
  };
  const finish = (
    outcome: AuditOutcome,
    error: ToolError,
    args: unknown,
    refusedKeys: string[] = [],
    detail?: string,
  ) =>
    write({ call_id: call.id, name: call.name, ok: false, error }, outcome, args, {
      refused_keys: refusedKeys,
      ...(detail ? { detail } : {}),
    });
  return {
    finish,
    refuse: (code: ToolErrorCode, message: string, args: unknown) =>
      finish('refused', { code, message }, args),
    failure(error: unknown, args: unknown): CallOutcome {
      if (isToolFailure(error)) {
        const { code, message, problems, hint } = error;
        return finish(
          'failed',
          { code, message, ...(problems ? { problems } : {}), ...(hint ? { hint } : {}) },
          args,
        );
      }
      const translated = state.translateError?.(error);
      if (translated) return finish('failed', translated, args, [], describe(error));
      return finish(
        'failed',
        { code: 'internal_error', message: INTERNAL_ERROR_MESSAGE },
        args,
        [],
        describe(error),
      );
    },
    success(data: unknown, args: unknown, outcome: AuditOutcome = 'ok'): CallOutcome {
      return write({ call_id: call.id, name: call.name, ok: true, data }, outcome, args, {
        rows: countRows(data),
      });
    },
  };
}

/**
 * Cuts a call's raw arguments to sizes an 8 KB row can never show whole (strings to 16 KB, lists and objects to
 * 256 entries) *before* redaction: redacting and capping a refused `ask_user` with 1,000,000 options took
 * 5.2–6.5 s (CPU profile: 3.4 s redactTree, 2.8 s capAuditRow). A cut cannot expose part of a secret: the
 * row cap keeps far less than 16 KB of any string and then redaction has already run on what is kept.
 */
const PRECUT_STRING = 16_384;
const PRECUT_ENTRIES = 256;
const PRECUT_DEPTH = 24;

function precut(value: unknown, depth = 0): unknown {
  if (typeof value === 'string')
    return value.length > PRECUT_STRING
      ? `${value.slice(0, PRECUT_STRING)}…[cut ${value.length - PRECUT_STRING} characters]`
      : value;
  if (value === null || typeof value !== 'object') return value;
  if (depth >= PRECUT_DEPTH) return '[cut: nested deeper]';
  if (Array.isArray(value)) {
    const kept = value.slice(0, PRECUT_ENTRIES).map((item) => precut(item, depth + 1));
    return value.length > PRECUT_ENTRIES ? [...kept, `…[cut ${value.length - PRECUT_ENTRIES} items]`] : kept;
  }
  const entries = Object.entries(value);
  const kept = entries.slice(0, PRECUT_ENTRIES).map(([key, item]) => [key, precut(item, depth + 1)]);
  if (entries.length > PRECUT_ENTRIES) kept.push(['…', `[cut ${entries.length - PRECUT_ENTRIES} keys]`]);
  return Object.fromEntries(kept);
}

/** What a model may read of an envelope: no secret of any shape, and no path on this machine. */
function cleanEnvelope(envelope: ToolEnvelope, secrets: readonly string[]): ToolEnvelope {
  const clean = redactTree(envelope, secrets);
  if (clean.ok) return clean;
  const { message, hint, problems } = clean.error;
  return {
    ...clean,
    error: {
      ...clean.error,
      message: withoutHostPaths(message),
      ...(hint === undefined ? {} : { hint: withoutHostPaths(hint) }),
      ...(problems === undefined
        ? {}
        : {
            problems: problems.map((problem) => ({ loc: problem.loc, msg: withoutHostPaths(problem.msg) })),
          }),
    },
  };
}

function countRows(data: unknown): number | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const record = data as Record<string, unknown>;
  if (typeof record.count === 'number') return record.count;
  if (Array.isArray(record.rows)) return record.rows.length;
  return undefined;
}

function describe(error: unknown): string {
  if (error instanceof Error)
    return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  return serialize(error);
}
