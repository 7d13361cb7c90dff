import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPerch } from '../../test/helpers/run-in-repo';

const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    '[cli] skipping perch tool hygiene runs: PERCH_TEST_DATA is unset (test/global-setup.ts builds the example)',
  );

/** The key this process is given, and credential shapes it never was. */
const ENV_KEY = 'AIzaSyENVKEY_0123456789abcdefghijklmnopq';
const SHAPED = [
  'sk-proj-Cli0123456789abcdefghijkl',
  'ghp_Cli0123456789abcdefghijklmnopqrstuvwx',
  'AKIACLI0123456789ABC',
  'eyJhbGciOiJIUzI1NiJ9.eyJjbGkiOiJ0ZXN0In0.c2lnbmF0dXJlLWNsaS10ZXN0',
  'cliTokenValue42',
  'cliBearerToken0123456789',
];
const SECRETS = [ENV_KEY, ...SHAPED];
const [openai, github, aws, jwt, token, bearer] = SHAPED as [string, string, string, string, string, string];

function perch(args: string[], env: Record<string, string> = {}) {
  return runPerch(args, { ...process.env, ...env });
}

const line = (value: unknown) => JSON.stringify(value);

describe.skipIf(!dataDir)('perch tool: stdout holds envelopes only, and no secret anywhere', () => {
  it('a batch with secrets in every field, malformed lines and failing SQL', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'perch-hygiene-'));
    const batch = join(folder, 'calls.jsonl');
    const audit = join(folder, 'audit.jsonl');
    const lines = [
      line({ name: 'find_region', arguments: { text: `MI ${ENV_KEY}` } }),
      line({ name: 'find_region', arguments: { text: 'MI', [openai]: [[github], { nested: [aws] }] } }),
      line({ name: `run_${jwt}`, arguments: { sql: 'SELECT 1' } }),
      line({
        name: 'run_sql',
        arguments: { sql: `SELECT nosuchcolumn FROM cells WHERE '${ENV_KEY}' = '${github}'`, purpose: 'x' },
      }),
      line({
        name: 'run_sql',
        arguments: { sql: `SELECT CAST('Authorization: Bearer ${bearer}' AS INTEGER) AS n`, purpose: 'x' },
      }),
      line({
        name: 'add_dataset_from_url',
        arguments: { url: `http://127.0.0.1:9/x.csv?token=${token}&key=${ENV_KEY}` },
      }),
      line({
        name: 'run_sql',
        arguments: {
          sql: "SELECT repeat('x', 16060) AS s",
          purpose: 'a probe of the byte budget, '.repeat(4),
        },
      }),
      `{"name": "find_region", "arguments": {"text": "${aws}"`,
      '[1, 2, 3]',
      line({ arguments: { text: jwt } }),
      line({ name: 'find_region', arguments: `text=${openai}` }),
      '',
      line({ name: 'find_region', arguments: { text: 'OH' } }),
    ];
    writeFileSync(batch, lines.join('\n'));
    const { code, stdout, stderr } = await perch(
      ['tool', '--batch', batch, '--data', dataDir!, '--audit', audit],
      { GEMINI_API_KEY: ENV_KEY },
    );
    const auditText = readFileSync(audit, 'utf8');
    rmSync(folder, { recursive: true, force: true });

    for (const secret of SECRETS) {
      expect(stdout).not.toContain(secret);
      expect(stderr).not.toContain(secret);
      expect(auditText).not.toContain(secret);
    }
    expect(stderr).toBe('');
    // One envelope per non-blank line, and nothing else: DuckDB's console is silent.
    const printed = stdout.trimEnd().split('\n');
    const calls = lines.filter((text) => text.trim() !== '').length;
    expect(printed).toHaveLength(calls);
    const envelopes = printed.map((text) => JSON.parse(text));
    for (const envelope of envelopes)
      expect(Object.keys(envelope).slice(0, 3)).toEqual(['call_id', 'name', 'ok']);
    const codes = envelopes.map((envelope) => (envelope.ok ? 'ok' : envelope.error.code));
    expect(codes.slice(7, 11)).toEqual([
      'malformed_call',
      'malformed_call',
      'malformed_call',
      'malformed_call',
    ]);
    expect(codes[3]).toBe('query_failed');
    expect(codes.at(-1)).toBe('ok');
    // The whole envelope fits 16 KB, not only its data.
    for (const text of printed) expect(Buffer.byteLength(text)).toBeLessThanOrEqual(16_384);
    expect(envelopes[6]).toMatchObject({ ok: true, data: { truncated: true } });
    // Exactly one audit row per call, malformed lines included.
    expect(auditText.trimEnd().split('\n')).toHaveLength(calls);
    expect(code).toBe(1);
  });

  it('a load failure names the file relative to the data folder, never its path', async () => {
    const broken = mkdtempSync(join(tmpdir(), 'perch-broken-'));
    cpSync(dataDir!, broken, { recursive: true });
    rmSync(join(broken, 'cells.parquet'));
    const { stdout } = await perch([
      'tool',
      'run_sql',
      '{"sql":"SELECT count(*) AS n FROM cells","purpose":"count"}',
      '--data',
      broken,
    ]);
    rmSync(broken, { recursive: true, force: true });
    const envelope = JSON.parse(stdout);
    expect(envelope).toMatchObject({ ok: false, error: { code: 'load_failed' } });
    expect(envelope.error.message).toContain("'cells.parquet'");
    expect(stdout).not.toContain(broken);
    expect(stdout).not.toContain(tmpdir());
  });
});
