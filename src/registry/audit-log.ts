import type { ToolErrorCode } from './envelope';
import { toModelValue } from './serialize';
import { shrinkToFit } from './shrink-to-fit';

/**
 * Largest audit row, in bytes of its JSON line. A row records what was asked, not a copy of
 * it: a refused 5 MB argument must not become a 5 MB row (IndexedDB quota, the Audit tab
 * rendering it). 8 KB holds every argument a valid call has (run_sql's 20,000-character SQL
 * aside, whose head is kept) with the stack of an internal error.
 */
export const AUDIT_ROW_BYTES = 8_192;

export type AuditOutcome =
  | 'ok'
  | 'refused'
  | 'failed'
  | 'timeout'
  | 'cancelled'
  | 'proposed'
  | 'approved'
  | 'denied';

/** One row per call, refusals included. Arguments and detail are already redacted. */
export interface AuditEntry {
  time: string;
  session_id: string;
  agent: string;
  tool: string;
  call_id: string;
  /** Arguments as validated (or as sent, when refused), secrets redacted. */
  arguments: unknown;
  /** Argument keys the model tried that the schema refused. */
  refused_keys: string[];
  outcome: AuditOutcome;
  code?: ToolErrorCode;
  /** Internal detail (exception text) — for people reading the audit, never for the model. */
  detail?: string;
  rows?: number;
  /** Bytes of the envelope the model received. */
  bytes: number;
  duration_ms: number;
  /** For approvals: the card the decision was about. */
  card_id?: string;
}

export interface AuditLog {
  append(entry: AuditEntry): void;
  entries(): readonly AuditEntry[];
}

/**
 * Keeps rows in memory and hands each one to `sinks` (IndexedDB in the browser, JSONL in the
 * CLI). Every row is capped at `AUDIT_ROW_BYTES` on the way in (rows arrive redacted).
 */
export function createAuditLog(sinks: readonly ((entry: AuditEntry) => void)[] = []): AuditLog {
  const rows: AuditEntry[] = [];
  return {
    append(row) {
      const entry = capAuditRow(row);
      rows.push(entry);
      for (const sink of sinks) {
        try {
          sink(entry);
        } catch {
          // A failing sink (quota, closed file) must not lose the in-memory row or the call.
        }
      }
    },
    entries: () => rows,
  };
}

/**
 * The row cut to `AUDIT_ROW_BYTES`: every field stays, long text and long lists keep their
 * head and end in `…[truncated N bytes]`.
 */
export function capAuditRow(entry: AuditEntry): AuditEntry {
  const shrunk = shrinkToFit(toModelValue(entry), AUDIT_ROW_BYTES, 1);
  // A row that fits is kept as the same object, so a caller's row and the log's are one.
  return shrunk.truncated ? (shrunk.value as AuditEntry) : entry;
}

/** JSON lines, one row per line: the export format of the Audit tab and the CLI file. */
export function toJsonLines(entries: readonly AuditEntry[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join('\n') + (entries.length ? '\n' : '');
}
