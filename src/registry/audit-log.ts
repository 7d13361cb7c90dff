import type { ToolErrorCode } from './envelope';

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

/** Keeps rows in memory and hands each one to `sinks` (IndexedDB in the browser, JSONL in the CLI). */
export function createAuditLog(sinks: readonly ((entry: AuditEntry) => void)[] = []): AuditLog {
  const rows: AuditEntry[] = [];
  return {
    append(entry) {
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

/** JSON lines, one row per line: the export format of the Audit tab and the CLI file. */
export function toJsonLines(entries: readonly AuditEntry[]): string {
  return entries.map((entry) => JSON.stringify(entry)).join('\n') + (entries.length ? '\n' : '');
}
