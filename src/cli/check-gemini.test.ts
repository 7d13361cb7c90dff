import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createNodeEngine } from '../engine/node-engine';
import { previewRows } from '../engine';
import { DEFAULT_GEMINI_MODEL } from '../models/gemini-model-names';
import { buildData } from '../pipeline';
import { type MockGeminiServer, startMockGeminiServer } from '../../test/helpers/mock-gemini-server';
import type { MockReply, RecordedRequest } from '../../test/helpers/recording-server';

/**
 * `perch check-gemini` run as a person runs it (node bin/perch.mjs), against a local stand-in for
 * generativelanguage.googleapis.com: the real @google/genai SDK lists the models (GET
 * /v1beta/models, Google's documented ListModelsResponse) and streams the turn, and the real
 * registry and DuckDB answer the tool call on a simulated build (no ../shared needed).
 */
const execute = promisify(execFile);
const ROOT = new URL('../..', import.meta.url).pathname;
/** Not shaped like a Gemini key (AIza…), so only check-gemini's own scrubbing can hide it. */
const KEY = 'check-gemini-test-key-5f1c9a';

async function perch(
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  try {
    const { stdout, stderr } = await execute('node', ['bin/perch.mjs', ...args], {
      cwd: ROOT,
      maxBuffer: 20_000_000,
      env: { ...process.env, GEMINI_API_KEY: '', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}

/** A Model as Google's models.list documents it (name with `models/`, supportedGenerationMethods). */
const model = (name: string, displayName: string, methods: string[]) => ({
  name: `models/${name}`,
  baseModelId: name,
  version: '001',
  displayName,
  inputTokenLimit: 1_048_576,
  outputTokenLimit: 65_536,
  supportedGenerationMethods: methods,
});
const GENERATES = ['generateContent', 'countTokens', 'createCachedContent', 'batchGenerateContent'];
const chunk = (parts: unknown[], extra: Record<string, unknown> = {}) => ({
  candidates: [{ content: { role: 'model', parts }, index: 0 }],
  ...extra,
});
const USAGE = {
  promptTokenCount: 1234,
  candidatesTokenCount: 56,
  thoughtsTokenCount: 78,
  totalTokenCount: 1368,
};
const SPECIES_SQL = 'SELECT species_code, common_name FROM species ORDER BY species_code';

const isList = (request: RecordedRequest) =>
  request.method === 'GET' && new URL(request.url, 'http://x').pathname === '/v1beta/models';
const isGenerate = (request: RecordedRequest) =>
  request.method === 'POST' && request.url.includes(':streamGenerateContent');

/** Two pages of models (so the Pager must follow nextPageToken), then a scripted two-step turn. */
function geminiReplies(pages: unknown[][], answer: string): (request: RecordedRequest) => MockReply {
  let steps = 0;
  return (request) => {
    if (isList(request)) {
      const token = new URL(request.url, 'http://x').searchParams.get('pageToken');
      const index = token ? Number(token.replace('page-', '')) : 0;
      return {
        json: {
          models: pages[index],
          ...(index + 1 < pages.length ? { nextPageToken: `page-${index + 1}` } : {}),
        },
      };
    }
    if (!isGenerate(request))
      return {
        status: 404,
        json: {
          error: {
            code: 404,
            message: `mock: unexpected ${request.method} ${request.url}`,
            status: 'NOT_FOUND',
          },
        },
      };
    steps++;
    if (steps === 1)
      return {
        sse: [
          chunk(
            [
              {
                functionCall: {
                  name: 'run_sql',
                  args: { sql: SPECIES_SQL, purpose: 'the species in the data' },
                },
                thoughtSignature: 'sig-1',
              },
            ],
            {
              usageMetadata: {
                promptTokenCount: 1000,
                candidatesTokenCount: 20,
                thoughtsTokenCount: 30,
                totalTokenCount: 1050,
              },
            },
          ),
        ],
      };
    return {
      sse: [
        {
          candidates: [
            { content: { role: 'model', parts: [{ text: answer }] }, index: 0, finishReason: 'STOP' },
          ],
          usageMetadata: USAGE,
        },
      ],
    };
  };
}

let folder: string;
let species: { species_code: string; common_name: string }[];
let server: MockGeminiServer | undefined;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'perch-check-gemini-'));
  await buildData({ outDir: folder, simulate: { species: 2, cells: 120 } });
  const engine = await createNodeEngine({ dataDir: folder });
  try {
    species = previewRows(
      (await engine.query(SPECIES_SQL, { scope: Object.keys(engine.catalog.tables) })).table,
      10,
    ) as typeof species;
  } finally {
    await engine.close();
  }
});
afterAll(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('perch check-gemini', () => {
  it('lists the models across pages, marks the default as served, asks one question through the registry and exits 0', async () => {
    const first = species[0]!;
    server = await startMockGeminiServer(
      geminiReplies(
        [
          [
            model(DEFAULT_GEMINI_MODEL, 'Gemini 3.8 Flash', GENERATES),
            model('text-embedding-004', 'Text Embedding 004', ['embedContent']),
          ],
          [model('gemini-3.8-pro', 'Gemini 3.8 Pro', GENERATES)],
        ],
        `The data covers ${species.map((row) => row.common_name).join(' and ')}.`,
      ),
    );
    const { code, stdout, stderr } = await perch(
      ['check-gemini', '--data', folder, '--base-url', server.url],
      { GEMINI_API_KEY: KEY },
    );
    expect(code, stderr).toBe(0);
    // The listing: both pages, the default marked, the embedding model counted but not offered.
    expect(stdout).toMatch(
      new RegExp(
        `\\* ${DEFAULT_GEMINI_MODEL.replaceAll('.', '\\.')} \\(Gemini 3\\.8 Flash\\)\\s+\\[default\\]`,
      ),
    );
    expect(stdout).toContain('gemini-3.8-pro (Gemini 3.8 Pro)');
    expect(stdout).not.toContain('text-embedding-004');
    expect(stdout).toContain('(2; 1 more that cannot answer');
    expect(stdout).toContain(`Default ${DEFAULT_GEMINI_MODEL}: served`);
    // The turn: the answer, the call with its outcome, the summed tokens of both steps, the end.
    expect(stdout).toContain(`The data covers ${first.common_name}`);
    expect(stdout).toContain(`1. run_sql {"sql":"${SPECIES_SQL}"`);
    expect(stdout).toMatch(/run_sql .* → ok/);
    expect(stdout).toContain('Tokens: 2234 in, 76 out, 108 thinking, 2418 total');
    expect(stdout).toContain('Turn ended: answered');
    // What the SDK sent: the list pages, then the default model's stream; the key only as a header.
    const lists = server.requests.filter(isList);
    expect(lists.map((request) => new URL(request.url, 'http://x').searchParams.get('pageToken'))).toEqual([
      null,
      'page-1',
    ]);
    expect(
      lists.every((request) => request.headers['x-goog-api-key'] === KEY && !request.url.includes(KEY)),
    ).toBe(true);
    const generates = server.requests.filter(isGenerate);
    expect(generates).toHaveLength(2);
    expect(generates[0]!.url).toContain(`/v1beta/models/${DEFAULT_GEMINI_MODEL}:streamGenerateContent`);
    // The tool result the model read came from DuckDB on the data folder: every species code of the build.
    const response = JSON.stringify((generates[1]!.body as { contents: unknown[] }).contents.at(-1));
    expect(response).toContain('functionResponse');
    for (const row of species) expect(response).toContain(row.species_code);
    expect(server.signatureRejections).toBe(0);
    expect(`${stdout}${stderr}`).not.toContain(KEY);
  });

  it('exits 1 naming the default and the listed models when the key does not list the default, and asks nothing', async () => {
    server = await startMockGeminiServer(
      geminiReplies(
        [
          [
            model('gemini-3.7-flash', 'Gemini 3.7 Flash', GENERATES),
            model('gemini-3.8-pro', 'Gemini 3.8 Pro', GENERATES),
          ],
        ],
        'unused',
      ),
    );
    const { code, stdout, stderr } = await perch(
      ['check-gemini', '--data', folder, '--base-url', server.url],
      { GEMINI_API_KEY: KEY },
    );
    expect(code).toBe(1);
    expect(stdout).toContain(`Default ${DEFAULT_GEMINI_MODEL}: NOT served`);
    expect(stderr).toContain(
      `default Gemini model ${DEFAULT_GEMINI_MODEL} is not served for this key. The key lists: gemini-3.7-flash, gemini-3.8-pro.`,
    );
    expect(server.requests.filter(isGenerate)).toEqual([]);
  });

  it('without GEMINI_API_KEY says so, sends nothing and exits 1', async () => {
    server = await startMockGeminiServer(geminiReplies([[]], 'unused'));
    const { code, stdout, stderr } = await perch(
      ['check-gemini', '--data', folder, '--base-url', server.url],
      {},
    );
    expect(code).toBe(1);
    expect(stderr).toContain('GEMINI_API_KEY is not set');
    expect(stdout).toBe('');
    expect(server.requests).toEqual([]);
  });

  it('a refused key is reported as model_auth with exit 1, and the key is printed nowhere even when the error body echoes it', async () => {
    server = await startMockGeminiServer(() => ({
      status: 400,
      json: {
        error: {
          code: 400,
          message: `API key not valid. Please pass a valid API key. (got ${KEY})`,
          status: 'INVALID_ARGUMENT',
          details: [
            {
              '@type': 'type.googleapis.com/google.rpc.ErrorInfo',
              reason: 'API_KEY_INVALID',
              domain: 'googleapis.com',
            },
          ],
        },
      },
    }));
    const { code, stdout, stderr } = await perch(
      ['check-gemini', '--data', folder, '--base-url', server.url],
      { GEMINI_API_KEY: KEY },
    );
    expect(code).toBe(1);
    expect(stderr).toContain('listing the models failed: model_auth: Gemini refused the API key');
    expect(stderr).toContain('API key not valid');
    expect(server.requests.length).toBeGreaterThan(0);
    expect(`${stdout}${stderr}`).not.toContain(KEY);
  });
});
