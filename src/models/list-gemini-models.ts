import { GoogleGenAI, type ListModelsParameters, type Model } from '@google/genai';
import { classifyGeminiError } from './classify-gemini-error';
import { GEMINI_API_VERSION } from './gemini-model';
import { isModelError } from './model-adapter';

/** One model a Gemini key can see, as `models.list` names it. */
export interface ListedGeminiModel {
  /** Bare name, the one `generateContent` takes: `gemini-3.8-flash` (no `models/`). */
  name: string;
  /** Google's display name (`Gemini 3.8 Flash`); the bare name when Google gives none. */
  displayName: string;
  /**
   * Whether it can answer: Google's `supportedGenerationMethods` (the SDK's `supportedActions`)
   * includes `generateContent` (Perch streams it: `streamGenerateContent`). Embedding, image and
   * speech models are listed too, without it.
   */
  generates: boolean;
}

/** What the listing needs of a `GoogleGenAI` client: `models.list`, whose Pager iterates every page. */
export interface GeminiModelLister {
  models: { list(params?: ListModelsParameters): Promise<AsyncIterable<Model>> };
}

/** A client to use, or what it takes to make one (the key is sent only as `x-goog-api-key`). */
export type GeminiModelSource =
  | { client: GeminiModelLister; apiKey?: string }
  | { apiKey: string; baseUrl?: string; apiVersion?: string };

export interface ListGeminiModelsOptions {
  signal?: AbortSignal;
  /** Models per request: Google sends 50 when none is asked for and at most 1000. @default 100 */
  pageSize?: number;
}

/**
 * Every model the key can see, across all pages, in Google's order. A failure throws a scrubbed
 * `ModelError` (model_auth for a refused key, model_network when Google cannot be reached…).
 */
export async function listGeminiModels(
  source: GeminiModelSource,
  options: ListGeminiModelsOptions = {},
): Promise<ListedGeminiModel[]> {
  const client = 'client' in source ? source.client : clientFor(source);
  const secrets = source.apiKey ? [source.apiKey] : [];
  const config = {
    pageSize: options.pageSize ?? 100,
    ...(options.signal ? { abortSignal: options.signal } : {}),
  };
  const listed: ListedGeminiModel[] = [];
  try {
    for await (const model of await client.models.list({ config })) {
      const entry = listedModel(model);
      if (entry) listed.push(entry);
    }
  } catch (error) {
    throw isModelError(error) ? error : classifyGeminiError(error, { secrets }).error;
  }
  return listed;
}

/** The bare name and what it can do; undefined for an entry with no name (nothing to ask for). */
export function listedModel(model: Model): ListedGeminiModel | undefined {
  const name = bareModelName(model.name ?? '');
  if (name === '') return undefined;
  return {
    name,
    displayName: model.displayName?.trim() || name,
    generates: (model.supportedActions ?? []).includes('generateContent'),
  };
}

/** `models/gemini-3.8-flash` → `gemini-3.8-flash`. */
export function bareModelName(name: string): string {
  return name.trim().replace(/^models\//, '');
}

function clientFor(source: { apiKey: string; baseUrl?: string; apiVersion?: string }): GeminiModelLister {
  return new GoogleGenAI({
    apiKey: source.apiKey,
    apiVersion: source.apiVersion ?? GEMINI_API_VERSION,
    ...(source.baseUrl ? { httpOptions: { baseUrl: source.baseUrl } } : {}),
  });
}
