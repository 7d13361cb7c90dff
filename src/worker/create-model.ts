import { modelError, type ModelAdapter } from '../models/model-adapter';
import { createOpenAiCompatibleModel } from '../models/openai-compatible-model';
import { createOfflineModel } from '../models/offline';
import { assertNever } from '../registry';
import type { ModelChoice, ModelSettings } from './protocol';

/**
 * How long Settings waits for Google's model list. One page of ~50 models arrives in well under
 * a second on a working connection; past this the person is told, instead of a spinner forever.
 */
export const LIST_MODELS_TIMEOUT_MS = 20_000;

/**
 * The Gemini modules, loaded at the first Gemini turn or model list: the SDK is 377 KB of the
 * agent worker's 1.31 MB (vite build, source map, 2026-12-06), which a visitor with no key never
 * needs. The service worker precaches the chunk like every file of the build.
 */
async function loadGemini() {
  try {
    const [model, list] = await Promise.all([
      import('../models/gemini-model'),
      import('../models/list-gemini-models'),
    ]);
    return { createGeminiModel: model.createGeminiModel, listGeminiModels: list.listGeminiModels };
  } catch {
    throw modelError(
      'model_network',
      'model_network: the Gemini client could not be loaded from this site. Check the connection and reload the page.',
    );
  }
}

/** The model a visitor chose in Settings. The key stays in this worker's memory only. */
export async function createModelFromSettings(settings: ModelSettings): Promise<ModelAdapter> {
  switch (settings.kind) {
    case 'offline':
      return createOfflineModel();
    case 'gemini':
      return (await loadGemini()).createGeminiModel({
        apiKey: settings.apiKey,
        model: settings.model,
        ...(settings.thinkingLevel ? { thinkingLevel: settings.thinkingLevel } : {}),
      });
    case 'openai':
      return createOpenAiCompatibleModel({
        baseUrl: settings.baseUrl,
        model: settings.model,
        apiKey: settings.apiKey,
      });
    default:
      return assertNever(settings);
  }
}

export interface ListModelsOptions {
  /** Replaces https://generativelanguage.googleapis.com (tests point it at a local mock). */
  baseUrl?: string;
  /** @default LIST_MODELS_TIMEOUT_MS */
  timeoutMs?: number;
}

/**
 * The models the settings' key can answer with (Gemini's models.list, every page), for the
 * Settings select. Embedding, image and speech models are left out. Fails with a ModelError whose
 * text never holds the key.
 */
export async function listModelsFromSettings(
  settings: ModelSettings,
  options: ListModelsOptions = {},
): Promise<ModelChoice[]> {
  if (settings.kind !== 'gemini') {
    const what = settings.kind === 'offline' ? 'the offline model' : 'an OpenAI-compatible endpoint';
    throw Object.assign(
      new Error(`not_supported: Perch lists models for Gemini only; for ${what} type the model name.`),
      { code: 'not_supported' },
    );
  }
  const timeoutMs = options.timeoutMs ?? LIST_MODELS_TIMEOUT_MS;
  const signal = AbortSignal.timeout(timeoutMs);
  try {
    const { listGeminiModels } = await loadGemini();
    const listed = await listGeminiModels(
      { apiKey: settings.apiKey, ...(options.baseUrl ? { baseUrl: options.baseUrl } : {}) },
      { signal },
    );
    return listed.filter((model) => model.generates).map(({ name, displayName }) => ({ name, displayName }));
  } catch (error) {
    if (signal.aborted)
      throw modelError(
        'model_network',
        `model_network: Google did not send the model list within ${Math.round(timeoutMs / 1000)} s. Check the connection and try again.`,
      );
    throw error;
  }
}
