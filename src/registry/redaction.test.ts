import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { EXAMPLE_SESSION, exampleRegistry } from './__fixtures__/example-tools';
import { createAuditLog, toJsonLines } from './audit-log';
import { createRegistry } from './create-registry';
import { defineToolFor } from './define-tool';
import { toolFailure } from './envelope';
import { withoutHostPaths } from './host-paths';
import { MAY_HOLD_SECRET_SHAPE, REDACTED, redact, redactText, SECRET_SHAPES } from './redact';
import type { Session } from './session';

/** One of each credential shape the registry must never repeat, none of them a session secret. */
const SHAPED = {
  google: 'AIzaSyB9x8c7v6b5n4m3QWERTYUIOPasdfghjkl',
  openai: 'sk-proj-4f7Hq9Zt2LmNpQrStUvWxYz0123',
  aws: 'AKIAIOSFODNN7EXAMPLE',
  github: 'ghp_16C7e42F292c6912E7710c838347Ae178B4a',
  githubPat: 'github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz',
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U',
  bearer: 'Qm9vbTEyMzQ1Njc4OTBhYmNkZWY',
  urlToken: 'tok3nV4lu3',
  urlSig: 'c2lnbmF0dXJlMTIz',
  urlPassword: 'hunter2hunter2',
  hexKey: '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08',
  session: 'sess-known-secret-Z9',
} as const;

const SESSION: Session = { id: 's-red', datasets: ['weekly'], secrets: [SHAPED.session] };

/** Text carrying every shape, as a model or a pasted URL would. */
const LOADED = [
  `key ${SHAPED.google}`,
  `openai ${SHAPED.openai} aws ${SHAPED.aws}`,
  `gh ${SHAPED.github} pat ${SHAPED.githubPat}`,
  `jwt ${SHAPED.jwt}`,
  `Authorization: Bearer ${SHAPED.bearer}`,
  `https://data.example.org/x.csv?token=${SHAPED.urlToken}&Sig=${SHAPED.urlSig}&PASSWORD=${SHAPED.urlPassword}`,
  `api_key=${SHAPED.hexKey}`,
  `known ${SHAPED.session}`,
].join(' | ');

const secretValues = Object.values(SHAPED);
const leaked = (bytes: string) => secretValues.filter((secret) => bytes.includes(secret));

const defineTool = defineToolFor<{ executed: unknown[] }>();

/** Echoes its text into the result, so a secret in an argument comes back in the data too. */
const echo = defineTool({
  name: 'echo',
  description: 'Returns its text.',
  scope: 'read',
  input: z.strictObject({ text: z.string(), items: z.array(z.array(z.string())).default([]) }),
  output: z.strictObject({ text: z.string(), items: z.array(z.array(z.string())) }),
  run: (args) => ({ text: args.text, items: args.items }),
});

/** Fails naming the text it was given, the way DuckDB quotes a failing query back. */
const failing = defineTool({
  name: 'failing',
  description: 'Fails quoting its text.',
  scope: 'read',
  input: z.strictObject({ text: z.string() }),
  output: z.strictObject({}),
  run: (args) =>
    toolFailure('query_failed', `query_failed: could not read ${args.text}`, { hint: `retry ${args.text}` }),
});

/** A write tool whose proposal and result both repeat the URL it was given. */
const addUrl = defineTool({
  name: 'add_url',
  description: 'Adds a dataset from a URL once a person approves.',
  scope: 'write',
  input: z.strictObject({ url: z.string() }),
  output: z.strictObject({ added: z.string() }),
  propose: (args) => ({ title: 'Add a dataset', effects: [`fetch ${args.url}`] }),
  execute: (args, context) => {
    context.services.executed.push(args);
    return { added: args.url };
  },
});

function redTeamRegistry() {
  const services = { executed: [] as unknown[] };
  const registry = createRegistry({
    tools: [echo, failing, addUrl],
    agents: { analyst: ['echo', 'failing', 'add_url'] },
    services,
  });
  return { registry, services };
}

describe('redactText', () => {
  it.each(Object.entries(SHAPED))('removes the %s shape from free text', (_kind, secret) => {
    const cleaned = redactText(LOADED, [SHAPED.session]);
    expect(cleaned).not.toContain(secret);
  });

  it('keeps the parameter name and the text around a redacted value', () => {
    expect(redactText(`https://h.example/a.csv?x=1&access_token=${SHAPED.urlToken}#top`)).toBe(
      `https://h.example/a.csv?x=1&access_token=${REDACTED}#top`,
    );
    expect(redactText(`Authorization: Bearer ${SHAPED.bearer}`)).toBe(`Authorization: ${REDACTED}`);
    expect(redactText(`https://ann:${SHAPED.urlPassword}@h.example/x`)).toBe(
      `https://${REDACTED}@h.example/x`,
    );
  });

  it('finds a known secret URL-encoded too', () => {
    const secret = 'k3y+with/slash=';
    expect(redactText(`?q=${encodeURIComponent(secret)}`, [secret])).toBe(`?q=${REDACTED}`);
  });

  it('leaves ordinary text, SQL and region codes alone', () => {
    const ordinary = [
      "SELECT region_code, avg(abundance) AS a FROM weekly WHERE species_code = 'yebsap' AND week / 2 > 1",
      'https://ebird.org/species/yebsap?region_code=USA-MI&week=12',
      'Basic statistics for the bearer of good news: km/h and N/A.',
      'The monkey key: see table keys.',
    ];
    for (const text of ordinary) expect(redactText(text)).toBe(text);
  });
});

describe('redaction through the registry', () => {
  it('no secret shape from any field reaches an envelope or an audit row', async () => {
    const { registry, services } = redTeamRegistry();
    const nestedKey = `https://x.example/?key=${SHAPED.google}`;
    const calls = [
      // Every field: value, nested arrays, a secret as an argument key, tool name, call id.
      {
        id: `id-${SHAPED.openai}`,
        name: 'echo',
        arguments: { text: LOADED, items: [[LOADED], [SHAPED.jwt]] },
      },
      {
        id: 'c2',
        name: 'echo',
        arguments: { text: 'x', [SHAPED.github]: 1, [nestedKey]: { deep: [LOADED] } },
      },
      { id: 'c3', name: `echo_${SHAPED.aws}`, arguments: { text: LOADED } },
      { id: `c4 ${SHAPED.session}`, name: SHAPED.google, arguments: {} },
      { id: 'c5', name: 'failing', arguments: { text: LOADED } },
      { id: 'c6', name: 'echo', arguments: { text: 7, [LOADED]: LOADED } },
      {
        id: 'c7',
        name: 'echo',
        arguments: LOADED,
        malformed: `arguments are not valid JSON near ${SHAPED.jwt}`,
      },
    ];
    const envelopes: unknown[] = [];
    for (const call of calls) envelopes.push((await registry.call('analyst', call, SESSION)).envelope);

    // A write: the proposal row, the card's approval (by a session without the secret) and its result.
    const url = `https://data.example.org/x.csv?token=${SHAPED.urlToken}&api_key=${SHAPED.session}`;
    const proposed = await registry.call(
      'analyst',
      { id: 'w1', name: 'add_url', arguments: { url } },
      SESSION,
    );
    envelopes.push(proposed.envelope);
    const approver: Session = { id: SESSION.id, datasets: SESSION.datasets };
    const approved = await registry.approve(proposed.card!.id, proposed.card!.arguments, approver);
    envelopes.push(approved.envelope);
    expect(services.executed).toEqual([{ url }]);

    const raw = `${JSON.stringify(envelopes)}\n${toJsonLines(registry.audit.entries())}`;
    expect(leaked(raw)).toEqual([]);
    expect(registry.audit.entries()).toHaveLength(calls.length + 2);
    // What was redacted is still readable as what it was.
    const refused = registry.audit.entries()[1]!;
    expect(refused.refused_keys).toEqual(expect.arrayContaining([REDACTED]));
    expect(JSON.stringify(refused.arguments)).toContain('?key=[redacted]');
    expect(registry.audit.entries().at(-1)?.outcome).toBe('approved');
  });

  it('two argument keys redacted alike are both kept in the row', async () => {
    const { registry } = redTeamRegistry();
    const outcome = await registry.call(
      'analyst',
      { id: 'k', name: 'echo', arguments: { text: 'a', [SHAPED.google]: 1, [SHAPED.openai]: 2 } },
      SESSION,
    );
    expect(outcome.audit.arguments).toEqual({ text: 'a', [REDACTED]: 1, [`${REDACTED}#2`]: 2 });
  });

  it('the example fixture’s session key is redacted from audit arguments, keys included', async () => {
    const { registry } = exampleRegistry();
    const key = EXAMPLE_SESSION.secrets![0]!;
    await registry.call(
      'analyst',
      { id: 'c', name: 'list_species', arguments: { [key]: key } },
      EXAMPLE_SESSION,
    );
    expect(JSON.stringify(registry.audit.entries())).not.toContain(key);
  });

  it('redact keeps a JSON-safe copy and redacts values under secret-named keys', () => {
    expect(redact({ password: 'swordfish', nested: [{ Authorization: 'x' }], n: 10n ** 30n })).toEqual({
      password: REDACTED,
      nested: [{ Authorization: REDACTED }],
      n: { $type: 'bigint', value: (10n ** 30n).toString() },
    });
  });
});

describe('host paths', () => {
  it('absolute paths become their last segment; URLs and ratios are left alone', () => {
    expect(
      withoutHostPaths(
        "load_failed: ENOENT: no such file or directory, open '/home/ann/perch/data/cells.parquet'",
      ),
    ).toBe("load_failed: ENOENT: no such file or directory, open 'cells.parquet'");
    expect(withoutHostPaths('read C:\\Users\\ann\\data\\weekly.parquet and file:///work/x/y.csv')).toBe(
      'read weekly.parquet and y.csv',
    );
    const untouched = 'see https://ebird.org/a/b/c and 3 km/h, N/A, a/b/c';
    expect(withoutHostPaths(untouched)).toBe(untouched);
  });

  it('no message, hint or problem a model reads names a path on this machine', async () => {
    const { registry } = redTeamRegistry();
    const outcome = await registry.call(
      'analyst',
      { id: 'p', name: 'failing', arguments: { text: '/work/main/.cache/test-data/cells.parquet' } },
      SESSION,
    );
    const text = JSON.stringify(outcome.envelope);
    expect(text).not.toMatch(/\/work\/|\/home\//);
    expect(text).toContain('could not read cells.parquet');
  });
});

describe('audit rows are capped', () => {
  it('a refused 5 MB argument is stored as its head and a marker, under 8 KB', async () => {
    const audit = createAuditLog();
    const { registry } = exampleRegistry({ audit });
    const huge = 'A'.repeat(5_000_000);
    const outcome = await registry.call(
      'analyst',
      { id: 'big', name: 'list_species', arguments: { text: 'sap', [huge.slice(0, 100_000)]: huge } },
      EXAMPLE_SESSION,
    );
    expect(outcome.envelope.ok).toBe(false);
    const line = toJsonLines(audit.entries());
    expect(new TextEncoder().encode(line).length).toBeLessThanOrEqual(8_192 + 1);
    expect(line).toMatch(/…\[truncated \d+ bytes\]/);
    expect(audit.entries()[0]).toMatchObject({
      tool: 'list_species',
      outcome: 'refused',
      code: 'invalid_arguments',
    });
    expect((audit.entries()[0]!.arguments as Record<string, unknown>).text).toBe('sap');
  });

  it('ten thousand refused keys keep the row whole and under 8 KB', async () => {
    const audit = createAuditLog();
    const { registry } = exampleRegistry({ audit });
    const args = Object.fromEntries(Array.from({ length: 10_000 }, (_, i) => [`extra_${i}`, i]));
    await registry.call(
      'analyst',
      { id: 'keys', name: 'list_species', arguments: { text: 'a', ...args } },
      EXAMPLE_SESSION,
    );
    const [row] = audit.entries();
    expect(new TextEncoder().encode(JSON.stringify(row)).length).toBeLessThanOrEqual(8_192);
    expect(row!.refused_keys[0]).toBe('extra_0');
    expect(row!.refused_keys.at(-1)).toMatch(/^…\[truncated \d+ bytes\]$/);
    expect(Object.keys(row!)).toEqual(
      expect.arrayContaining(['time', 'session_id', 'outcome', 'code', 'bytes']),
    );
  });
});

describe('the quick test before the secret shapes', () => {
  /** Pieces of every shape (prefixes, separators, token characters) and ordinary text, in any order. */
  const PIECES = [
    ...Object.values(SHAPED),
    'api_key',
    'token',
    'Authorization',
    'Bearer ',
    'https://',
    'user:pw@',
    '?sig=',
    '&X-Amz-Signature=',
    ' = ',
    ': "',
    'sk_live_',
    'rk_test_',
    'ASIA',
    'gho_',
    'xoxb-',
    'hf_',
    'ya29.',
    '-----BEGIN RSA PRIVATE KEY-----',
    'Sault Ste. Marie',
    'Yellow-bellied Sapsucker',
    'abcdefghijklmnopqrstuvwxyz0123456789',
    'ABCDEFGHIJKLMNOP',
    '_',
    '-',
    '.',
    ' ',
  ];

  it('lets through every string any shape matches (a string it stops cannot hold one)', () => {
    fc.assert(
      fc.property(fc.array(fc.constantFrom(...PIECES), { maxLength: 6 }), fc.string(), (pieces, noise) => {
        const text = pieces.join('') + noise;
        const matched = SECRET_SHAPES.some(([pattern]) =>
          new RegExp(pattern.source, pattern.flags).test(text),
        );
        if (matched) expect(MAY_HOLD_SECRET_SHAPE.test(text)).toBe(true);
      }),
      { numRuns: 5000 },
    );
  });

  it('stops the ordinary strings of a result (names, codes, dates, numbers)', () => {
    for (const text of [
      'Yellow-bellied Sapsucker',
      'US-MI',
      'yebsap',
      '2023-04-19',
      '0.654',
      'Sault Ste. Marie',
    ])
      expect(MAY_HOLD_SECRET_SHAPE.test(text)).toBe(false);
  });
});
