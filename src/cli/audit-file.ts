import { appendFileSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { AuditEntry } from '../registry';

/**
 * The CLI's audit persistence: one JSON line per call, appended as it happens, so a crash
 * mid-run keeps every row written before it.
 */
export function jsonLinesAuditSink(path: string): (entry: AuditEntry) => void {
  mkdirSync(dirname(path), { recursive: true });
  return (entry) => appendFileSync(path, `${JSON.stringify(entry)}\n`);
}
