import { createGeminiModel } from '../models/gemini-model';
import type { ModelAdapter } from '../models/model-adapter';
import { createOpenAiCompatibleModel } from '../models/openai-compatible-model';
import { createOfflineModel } from '../models/offline';
import { assertNever } from '../registry';
import type { ModelSettings } from './protocol';

/** The model a visitor chose in Settings. The key stays in this worker's memory only. */
export function createModelFromSettings(settings: ModelSettings): ModelAdapter {
  switch (settings.kind) {
    case 'offline':
      return createOfflineModel();
    case 'gemini':
      return createGeminiModel({ apiKey: settings.apiKey, model: settings.model });
    case 'openai':
      return createOpenAiCompatibleModel({ baseUrl: settings.baseUrl, model: settings.model, apiKey: settings.apiKey });
    default:
      return assertNever(settings);
  }
}
