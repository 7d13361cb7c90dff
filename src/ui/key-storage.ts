import {
  currentGeminiModel,
  DEFAULT_GEMINI_MODEL,
  DEFAULT_THINKING_LEVEL,
  type GeminiThinkingLevel,
  THINKING_LEVELS,
} from '../models/gemini-model-names';
import type { ModelSettings } from '../worker/protocol';
import type { ModelKind } from './share-link';

/**
 * Model settings and where the keys live. The zero value is the strictest: a key stays in this
 * tab's sessionStorage (gone when the tab closes) and reaches localStorage only when the person
 * ticks "remember key". Keys are kept per provider so a Gemini key is never sent to an
 * OpenAI-compatible base URL someone else typed.
 */
export interface UiSettings {
  kind: ModelKind;
  geminiModel: string;
  /** Gemini's thinking effort. @default DEFAULT_THINKING_LEVEL */
  geminiThinking: GeminiThinkingLevel;
  openaiModel: string;
  baseUrl: string;
  keys: { gemini: string; openai: string };
  /** @default false */
  remember: boolean;
}

export const DEFAULT_SETTINGS: UiSettings = {
  kind: 'offline',
  geminiModel: DEFAULT_GEMINI_MODEL,
  geminiThinking: DEFAULT_THINKING_LEVEL,
  openaiModel: 'gpt-4o-mini',
  baseUrl: 'http://127.0.0.1:11434/v1',
  keys: { gemini: '', openai: '' },
  remember: false,
};

export const SETTINGS_ITEM = 'perch.settings';
export const KEYS_ITEM = 'perch.keys';

/** The two Web Storage areas, injected so the policy is testable without a browser. */
export interface KeyStores {
  local: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
  session: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>;
}

export function saveSettings(settings: UiSettings, stores: KeyStores): void {
  const { keys, ...rest } = settings;
  stores.local.setItem(SETTINGS_ITEM, JSON.stringify(rest));
  const hasKey = Boolean(keys.gemini || keys.openai);
  const keysJson = JSON.stringify(keys);
  if (settings.remember && hasKey) {
    stores.local.setItem(KEYS_ITEM, keysJson);
    stores.session.removeItem(KEYS_ITEM);
  } else {
    stores.local.removeItem(KEYS_ITEM);
    if (hasKey) stores.session.setItem(KEYS_ITEM, keysJson);
    else stores.session.removeItem(KEYS_ITEM);
  }
}

export function loadSettings(stores: KeyStores): UiSettings {
  const stored = readJson(stores.local.getItem(SETTINGS_ITEM)) as Partial<UiSettings> | undefined;
  const keys = (readJson(stores.local.getItem(KEYS_ITEM)) ?? readJson(stores.session.getItem(KEYS_ITEM))) as
    | Partial<UiSettings['keys']>
    | undefined;
  const settings: UiSettings = {
    ...DEFAULT_SETTINGS,
    ...pickKnown(stored),
    keys: { ...DEFAULT_SETTINGS.keys },
  };
  if (typeof keys?.gemini === 'string') settings.keys.gemini = keys.gemini;
  if (typeof keys?.openai === 'string') settings.keys.openai = keys.openai;
  // "remember" is only true while a remembered key actually sits in localStorage.
  settings.remember = settings.remember === true && stores.local.getItem(KEYS_ITEM) !== null;
  return settings;
}

/**
 * A returning visitor's settings may name a Gemini model Google has since shut down: it is
 * replaced by the default in storage, and the one-line note for the page is returned.
 */
export function migrateStoredModel(stores: KeyStores): string | undefined {
  const stored = readJson(stores.local.getItem(SETTINGS_ITEM)) as Partial<UiSettings> | undefined;
  if (!stored || typeof stored.geminiModel !== 'string') return undefined;
  const current = currentGeminiModel(stored.geminiModel);
  if (!current.note) return undefined;
  stores.local.setItem(SETTINGS_ITEM, JSON.stringify({ ...stored, geminiModel: current.model }));
  return current.note;
}

/** What the agent worker receives for a turn. */
export function toModelSettings(settings: UiSettings): ModelSettings {
  switch (settings.kind) {
    case 'offline':
      return { kind: 'offline' };
    case 'gemini':
      return {
        kind: 'gemini',
        apiKey: settings.keys.gemini,
        model: settings.geminiModel,
        thinkingLevel: settings.geminiThinking,
      };
    case 'openai':
      return {
        kind: 'openai',
        baseUrl: settings.baseUrl,
        model: settings.openaiModel,
        ...(settings.keys.openai ? { apiKey: settings.keys.openai } : {}),
      };
  }
}

/** Why a turn cannot start with these settings, in words for the person; undefined when it can. */
export function settingsProblem(settings: UiSettings): string | undefined {
  if (settings.kind === 'gemini' && !settings.keys.gemini)
    return 'Gemini needs an API key. Open Settings and paste your key, or choose the offline model.';
  if (settings.kind === 'openai' && !/^https?:\/\//.test(settings.baseUrl))
    return 'The OpenAI-compatible model needs a base URL starting with http:// or https://. Open Settings to set it.';
  return undefined;
}

function readJson(text: string | null): unknown {
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function pickKnown(stored: Partial<UiSettings> | undefined): Partial<UiSettings> {
  if (!stored || typeof stored !== 'object') return {};
  const out: Partial<UiSettings> = {};
  if (stored.kind === 'offline' || stored.kind === 'gemini' || stored.kind === 'openai')
    out.kind = stored.kind;
  if (typeof stored.geminiModel === 'string') out.geminiModel = stored.geminiModel;
  // A level this build does not know (an older or newer Perch, a hand edit) falls back to the default.
  if (isThinkingLevel(stored.geminiThinking)) out.geminiThinking = stored.geminiThinking;
  if (typeof stored.openaiModel === 'string') out.openaiModel = stored.openaiModel;
  if (typeof stored.baseUrl === 'string') out.baseUrl = stored.baseUrl;
  if (stored.remember === true) out.remember = true;
  return out;
}

export function isThinkingLevel(value: unknown): value is GeminiThinkingLevel {
  return typeof value === 'string' && (THINKING_LEVELS as readonly string[]).includes(value);
}
