import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { type CommandResult, runPerch } from '../../test/helpers/run-in-repo';
import { TOOLS } from '../tools';

const dataDir = process.env.PERCH_TEST_DATA;
if (!dataDir)
  console.warn(
    '[cli] skipping perch tool runs on data: PERCH_TEST_DATA is unset (test/global-setup.ts builds the example)',
  );

/** Runs `node bin/perch.mjs …` with this process's environment. */
function perch(...args: string[]): Promise<CommandResult> {
  return runPerch(args);
}

describe('perch tools', () => {
  type Definition = { name?: string; function?: { name: string } };
  it.each([
    ['gemini', (definition: Definition) => definition.name],
    ['openai', (definition: Definition) => definition.function?.name],
    ['mcp', (definition: Definition) => definition.name],
  ])('--provider %s prints every tool in that provider shape', async (provider, nameOf) => {
    const { code, stdout } = await perch('tools', '--provider', provider);
    expect(code).toBe(0);
    const names = (JSON.parse(stdout) as Definition[]).map(nameOf);
    expect(names).toContain('weekly_series');
    expect(names).toContain('add_dataset_from_url');
    expect(names).toHaveLength(TOOLS.length);
  });

  it('an unknown provider exits 1 with the usage', async () => {
    const { code, stderr } = await perch('tools', '--provider', 'cohere');
    expect(code).toBe(1);
    expect(stderr).toMatch(/usage: perch tools/);
  });
});

describe.skipIf(!dataDir)('perch tool', () => {
  it('runs one call and prints its envelope, exit 0', async () => {
    const { code, stdout } = await perch(
      'tool',
      'seasonal_summary',
      '{"species":"yebsap"}',
      '--data',
      dataDir!,
    );
    expect(code).toBe(0);
    const envelope = JSON.parse(stdout);
    expect(envelope).toMatchObject({
      ok: true,
      name: 'seasonal_summary',
      data: { highest: { season: 'prebreeding_migration' } },
    });
  });

  it('a refused call exits 1; --datasets narrows the scope', async () => {
    const { code, stdout } = await perch(
      'tool',
      'describe_table',
      '{"table":"trends"}',
      '--data',
      dataDir!,
      '--datasets',
      'species,weekly',
    );
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: 'out_of_scope' } });
  });

  it('malformed JSON arguments are refused like a model call', async () => {
    const { code, stdout } = await perch('tool', 'describe_table', '{table:', '--data', dataDir!);
    expect(code).toBe(1);
    expect(JSON.parse(stdout)).toMatchObject({ ok: false, error: { code: 'malformed_call' } });
  });

  it('--batch runs many calls in one process, one envelope per line', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'perch-batch-')), 'calls.jsonl');
    writeFileSync(
      file,
      [
        '{"name":"find_region","arguments":{"text":"MI"}}',
        '{"name":"trend_summary","arguments":{"species":"yebsap"}}',
        '{"name":"no_such_tool","arguments":{}}',
      ].join('\n'),
    );
    const { code, stdout } = await perch('tool', '--batch', file, '--data', dataDir!);
    const envelopes = stdout
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(envelopes.map((envelope) => envelope.ok)).toEqual([true, true, false]);
    expect(envelopes[1].data.regional_trend.folds).toBe(100);
    expect(envelopes[2].error.code).toBe('unknown_tool');
    expect(code).toBe(1);
  });

  it('an approved add_dataset_from_url obeys the page connect policy (PERCH_CONNECT_SRC) in the CLI too', async () => {
    const requests: string[] = [];
    const server = createServer((request, response) => {
      requests.push(`${request.method} ${request.url}`);
      response.setHeader('content-type', 'text/csv');
      response.end('week,count\n1,3\n2,5\n');
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sightings.csv`;
    const call = JSON.stringify({ url, name: 'sightings' });
    /** The envelope on the second line of an approved add_dataset_from_url run. */
    const addFromUrl = async (env: NodeJS.ProcessEnv) => {
      const { stdout } = await runPerch(
        ['tool', 'add_dataset_from_url', call, '--approve', '--data', dataDir!],
        env,
      );
      const [, envelope] = stdout
        .trim()
        .split('\n')
        .map((line) => JSON.parse(line));
      return envelope;
    };
    try {
      const refused = await addFromUrl({ ...process.env, PERCH_CONNECT_SRC: 'https://example.org' });
      expect(refused).toMatchObject({ ok: false });
      expect(refused.error.message).toMatch(/connect_blocked: .*127\.0\.0\.1.*PERCH_CONNECT_SRC/);
      expect(requests).toEqual([]);
      // The default sources (localhost, as the page's dev default) let the same call through: one GET.
      const { PERCH_CONNECT_SRC: _unset, ...defaults } = process.env;
      const added = await addFromUrl(defaults);
      expect(added).toMatchObject({ ok: true });
      expect(requests).toEqual(['GET /sightings.csv']);
    } finally {
      await new Promise<void>((done) => server.close(() => done()));
    }
  });
});
