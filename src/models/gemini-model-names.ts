/**
 * Which Gemini model Perch asks by default, and which names Google has shut down.
 *
 * Looked up on 2026-12-01 and again on 2026-12-05 (search over ai.google.dev/gemini-api/docs/deprecations,
 * its release notes and the 3.8 Flash developer guide; on 2026-12-05 the page still lists
 * `gemini-3.8-flash`, released 2 September 2026, with no shutdown date): `gemini-3.8-flash` is generally available (stable, September 2026;
 * thinking levels LOW/MEDIUM/HIGH, default MEDIUM); 3.5, 3.6 and 3.7 Flash came before it.
 * `gemini-2.5-flash` and `gemini-2.5-pro` were shut down (listed June 17, 2026; requests were
 * refused from November 2026), the 2.0 models earlier. A name saved in a returning visitor's
 * settings outlives any release of this file, so loading settings migrates a retired name to the
 * default (`currentGeminiModel`), and a model the API does not serve is reported as
 * `model_not_found` with the models the key can use (Settings lists them through `models.list`).
 */
export const DEFAULT_GEMINI_MODEL = 'gemini-3.8-flash';

/** Thinking effort sent as `thinkingConfig.thinkingLevel`. Gemini 3 Flash defaults to medium/high, which a visitor pays for in latency. */
export type GeminiThinkingLevel = 'minimal' | 'low' | 'medium' | 'high';

/** @default 'low': Perch's tools do the computing, the model only picks them. */
export const DEFAULT_THINKING_LEVEL: GeminiThinkingLevel = 'low';

export const THINKING_LEVELS: readonly GeminiThinkingLevel[] = ['minimal', 'low', 'medium', 'high'];

/**
 * Model names Google lists as shut down. A prefix match covers dated variants
 * (`gemini-2.5-flash-preview-05-20`, `gemini-2.0-flash-001`).
 */
const RETIRED_PREFIXES: readonly string[] = [
  'gemini-1.0',
  'gemini-1.5',
  'gemini-pro',
  'gemini-2.0',
  'gemini-2.5-flash',
  'gemini-2.5-pro',
  'gemini-3-pro-preview',
  // Shut down 25 May 2026 (18 days after gemini-3.1-flash-lite went GA), and 25 June 2026.
  'gemini-3.1-flash-lite-preview',
  'gemini-3.1-flash-image-preview',
  'gemini-3-pro-image-preview',
];

/** Whether Google has shut this model name down (the `models/` prefix of `models.list` is ignored). */
export function isRetiredGeminiModel(name: string): boolean {
  const bare = name.trim().replace(/^models\//, '');
  return RETIRED_PREFIXES.some((prefix) => bare === prefix || bare.startsWith(`${prefix}-`));
}

export interface CurrentGeminiModel {
  model: string;
  /** One line for the person when the stored name was replaced. */
  note?: string;
}

/** The model to use for a stored name: the name itself, or the default when the name is retired or empty. */
export function currentGeminiModel(stored: string | undefined): CurrentGeminiModel {
  const name = stored?.trim() ?? '';
  if (name === '') return { model: DEFAULT_GEMINI_MODEL };
  if (!isRetiredGeminiModel(name)) return { model: name };
  return {
    model: DEFAULT_GEMINI_MODEL,
    note: `Your saved Gemini model ${name} has been shut down by Google, so Perch now uses ${DEFAULT_GEMINI_MODEL}. You can pick another in Settings.`,
  };
}
