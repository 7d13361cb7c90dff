import { afterEach, describe, expect, it, vi } from 'vitest';
import apiKeyInvalid from '../models/__fixtures__/gemini-api-key-invalid.json';
import { createGeminiModel } from '../models/gemini-model';
import {
  type MockReply,
  type RecordingServer,
  startRecordingServer,
} from '../../test/helpers/recording-server';
import { createAgentService } from './agent-service';
import { createModelFromSettings, listModelsFromSettings } from './create-model';

// The real adapter, watched: the test checks what create-model.ts hands it.
vi.mock('../models/gemini-model', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../models/gemini-model')>();
  return { ...actual, createGeminiModel: vi.fn(actual.createGeminiModel) };
});
import type { WorkerResponse } from './protocol';

const KEY = 'AIzaSyD-test-key-0123456789abcdefghijk';

/**
 * `models.list` as the REST API answers it (ai.google.dev/api/models#method:-models.list): bare
 * `models/…` names, `supportedGenerationMethods`, and a `nextPageToken` when more pages follow.
 */
const PAGE_1 = {
  models: [
    {
      name: 'models/gemini-3.8-flash',
      displayName: 'Gemini 3.8 Flash',
      supportedGenerationMethods: [
        'generateContent',
        'countTokens',
        'createCachedContent',
        'batchGenerateContent',
      ],
    },
    {
      name: 'models/text-embedding-005',
      displayName: 'Text Embedding 005',
      supportedGenerationMethods: ['embedContent', 'countTextTokens'],
    },
  ],
  nextPageToken: 'page-2',
};
const PAGE_2 = {
  models: [
    {
      name: 'models/gemini-3.7-flash-lite',
      displayName: 'Gemini 3.7 Flash-Lite',
      supportedGenerationMethods: ['generateContent', 'countTokens'],
    },
  ],
};

let server: RecordingServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

async function serve(replies: MockReply[]): Promise<RecordingServer> {
  let next = 0;
  server = await startRecordingServer(
    () =>
      replies[next++] ?? {
        status: 500,
        json: { error: { code: 500, message: 'no more replies', status: 'INTERNAL' } },
      },
  );
  return server;
}

describe('createModelFromSettings', () => {
  it('hands Gemini the thinking level from Settings, and leaves the adapter default when none is sent', async () => {
    const created = vi.mocked(createGeminiModel);
    created.mockClear();
    await createModelFromSettings({
      kind: 'gemini',
      apiKey: KEY,
      model: 'gemini-3.8-flash',
      thinkingLevel: 'high',
    });
    await createModelFromSettings({ kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash' });
    expect(created.mock.calls.map(([options]) => options)).toEqual([
      { apiKey: KEY, model: 'gemini-3.8-flash', thinkingLevel: 'high' },
      { apiKey: KEY, model: 'gemini-3.8-flash' },
    ]);
  });
});

describe('listModelsFromSettings', () => {
  it('lists the generating models of every page, bare names, and sends the key only in the x-goog-api-key header', async () => {
    const mock = await serve([{ json: PAGE_1 }, { json: PAGE_2 }]);
    const models = await listModelsFromSettings(
      { kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash' },
      { baseUrl: mock.url },
    );
    expect(models).toEqual([
      { name: 'gemini-3.8-flash', displayName: 'Gemini 3.8 Flash' },
      { name: 'gemini-3.7-flash-lite', displayName: 'Gemini 3.7 Flash-Lite' },
    ]);
    expect(mock.requests).toHaveLength(2);
    expect(
      mock.requests.every(
        (request) =>
          request.method === 'GET' && request.headers['x-goog-api-key'] === KEY && !request.url.includes(KEY),
      ),
    ).toBe(true);
    expect(mock.requests[1]!.url).toContain('pageToken=page-2');
  });

  it('refuses to list models for a provider other than Gemini, without a request', async () => {
    await expect(listModelsFromSettings({ kind: 'offline' })).rejects.toMatchObject({
      code: 'not_supported',
    });
  });
});

describe('the agent worker answers a models request', () => {
  function service(baseUrl: string) {
    const posted: WorkerResponse[] = [];
    const agent = createAgentService({
      startEngine: () => Promise.reject(new Error('no engine: models needs none')),
      probeRanges: () => Promise.reject(new Error('unused')),
      createModel: () => {
        throw new Error('unused');
      },
      listModels: (settings) => listModelsFromSettings(settings, { baseUrl }),
      post: (message) => posted.push(message),
    });
    return { agent, posted };
  }

  it('before init, with the list of models the key can use', async () => {
    const mock = await serve([{ json: PAGE_2 }]);
    const { agent, posted } = service(mock.url);
    await agent.handle({
      id: 7,
      type: 'models',
      model: { kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash', thinkingLevel: 'low' },
    });
    expect(posted).toEqual([
      {
        type: 'result',
        requestId: 7,
        result: { models: [{ name: 'gemini-3.7-flash-lite', displayName: 'Gemini 3.7 Flash-Lite' }] },
      },
    ]);
  });

  it('a refused key is a model_auth error in words, and the key is in no message the page receives', async () => {
    // Google echoes nothing of the key, so make the mock do it: the worker must still scrub it.
    const echoing = structuredClone(apiKeyInvalid.body);
    echoing.error.message = `API key not valid: ${KEY}. Please pass a valid API key.`;
    const mock = await serve([{ status: 400, json: echoing }]);
    const { agent, posted } = service(mock.url);
    await agent.handle({
      id: 8,
      type: 'models',
      model: { kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash' },
    });
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ type: 'error', requestId: 8, error: { code: 'model_auth' } });
    expect((posted[0] as { error: { message: string } }).error.message).toMatch(/refused the API key/);
    expect(JSON.stringify(posted)).not.toContain(KEY);
    expect(JSON.stringify(posted)).not.toContain(KEY.slice(4));
  });

  it('an unreachable Google is a model_network error', async () => {
    const mock = await serve([]);
    const url = mock.url;
    await mock.close();
    server = undefined;
    const { agent, posted } = service(url);
    await agent.handle({
      id: 9,
      type: 'models',
      model: { kind: 'gemini', apiKey: KEY, model: 'gemini-3.8-flash' },
    });
    expect(posted[0]).toMatchObject({ type: 'error', requestId: 9, error: { code: 'model_network' } });
    expect(JSON.stringify(posted)).not.toContain(KEY);
  });
});
