import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAuditLog, toJsonLines } from '../registry';
import { EXAMPLE_SESSION, exampleRegistry } from '../registry/__fixtures__/example-tools';
import { jsonLinesAuditSink } from './audit-file';

describe('jsonLinesAuditSink', () => {
  it('persists one JSON line per call, identical to the in-memory export', async () => {
    const path = join(mkdtempSync(join(tmpdir(), 'perch-audit-')), 'nested', 'audit.jsonl');
    const audit = createAuditLog([jsonLinesAuditSink(path)]);
    const { registry } = exampleRegistry({ audit });
    await registry.call(
      'analyst',
      { id: 'a', name: 'list_species', arguments: { text: 'sap' } },
      EXAMPLE_SESSION,
    );
    await registry.call('analyst', { id: 'b', name: 'nope', arguments: {} }, EXAMPLE_SESSION);
    const text = readFileSync(path, 'utf8');
    expect(text).toBe(toJsonLines(audit.entries()));
    expect(
      text
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line).outcome),
    ).toEqual(['ok', 'refused']);
  });
});
