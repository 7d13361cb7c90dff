import { ApiError, type ListModelsParameters, type Model } from '@google/genai';
import { describe, expect, it } from 'vitest';
import { type GeminiModelLister, listGeminiModels } from './list-gemini-models';

/** A client whose `models.list` yields the given models (the SDK's Pager is an async iterable of them). */
function clientOf(models: Model[], seen: ListModelsParameters[] = []): GeminiModelLister {
  return {
    models: {
      async list(params) {
        seen.push(params ?? {});
        return (async function* () {
          yield* models;
        })();
      },
    },
  };
}

describe('listGeminiModels', () => {
  it('gives bare names, display names (the name when Google gives none) and whether each can answer; nameless entries are dropped', async () => {
    const seen: ListModelsParameters[] = [];
    const models = await listGeminiModels({
      client: clientOf(
        [
          {
            name: 'models/gemini-3.8-flash',
            displayName: 'Gemini 3.8 Flash',
            supportedActions: ['generateContent', 'countTokens'],
          },
          {
            name: 'models/text-embedding-004',
            displayName: 'Text Embedding 004',
            supportedActions: ['embedContent'],
          },
          { name: 'gemini-3.8-pro', supportedActions: ['generateContent'] },
          { displayName: 'no name' },
          { name: 'models/imagen-4.0-generate-001', displayName: '  ' },
        ],
        seen,
      ),
    });
    expect(models).toEqual([
      { name: 'gemini-3.8-flash', displayName: 'Gemini 3.8 Flash', generates: true },
      { name: 'text-embedding-004', displayName: 'Text Embedding 004', generates: false },
      { name: 'gemini-3.8-pro', displayName: 'gemini-3.8-pro', generates: true },
      { name: 'imagen-4.0-generate-001', displayName: 'imagen-4.0-generate-001', generates: false },
    ]);
    expect(seen).toEqual([{ config: { pageSize: 100 } }]);
  });

  it('a refused key becomes a model_auth ModelError with the key scrubbed from its message', async () => {
    const key = 'list-models-test-key-93b1';
    const client: GeminiModelLister = {
      models: {
        async list() {
          throw new ApiError({
            status: 400,
            message: JSON.stringify({
              error: {
                code: 400,
                message: `API key not valid (${key})`,
                status: 'INVALID_ARGUMENT',
                details: [{ reason: 'API_KEY_INVALID' }],
              },
            }),
          });
        },
      },
    };
    const failure = await listGeminiModels({ client, apiKey: key }).catch((error: unknown) => error);
    expect(failure).toMatchObject({ name: 'ModelError', code: 'model_auth' });
    expect((failure as { message: string }).message).toContain('API key not valid');
    expect((failure as { message: string }).message).not.toContain(key);
  });
});
