import { describe, expect, it } from 'vitest';
import { DEFAULT_THINKING_LEVEL, THINKING_LEVELS } from '../models/gemini-model-names';
import {
  DEFAULT_SETTINGS,
  KEYS_ITEM,
  loadSettings,
  saveSettings,
  SETTINGS_ITEM,
  settingsProblem,
  toModelSettings,
  type KeyStores,
  type UiSettings,
} from './key-storage';

function memoryStores(): KeyStores & { dump(): string } {
  const make = () => {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key: string) => items.get(key) ?? null,
      setItem: (key: string, value: string) => void items.set(key, value),
      removeItem: (key: string) => void items.delete(key),
    };
  };
  const local = make();
  const session = make();
  return { local, session, dump: () => JSON.stringify([...local.items.values()]) };
}

const withKey = (remember: boolean): UiSettings => ({
  ...DEFAULT_SETTINGS,
  kind: 'gemini',
  keys: { gemini: 'AIza-SECRET-123', openai: '' },
  remember,
});

describe('saveSettings', () => {
  it('saveSettings without remember never writes the key to localStorage', () => {
    const stores = memoryStores();
    saveSettings(withKey(false), stores);
    expect(stores.dump()).not.toContain('AIza-SECRET-123');
    expect(stores.session.getItem(KEYS_ITEM)).toContain('AIza-SECRET-123');
    expect(loadSettings(stores).keys.gemini).toBe('AIza-SECRET-123');
    expect(loadSettings(stores).remember).toBe(false);
  });

  it('saveSettings with remember keeps the key in localStorage, and unticking removes it', () => {
    const stores = memoryStores();
    saveSettings(withKey(true), stores);
    expect(stores.local.getItem(KEYS_ITEM)).toContain('AIza-SECRET-123');
    expect(loadSettings(stores).remember).toBe(true);
    saveSettings(withKey(false), stores);
    expect(stores.dump()).not.toContain('AIza-SECRET-123');
  });

  it('saveSettings stores non-secret choices in localStorage', () => {
    const stores = memoryStores();
    saveSettings(
      { ...DEFAULT_SETTINGS, kind: 'openai', openaiModel: 'llama3', baseUrl: 'http://127.0.0.1:8080/v1' },
      stores,
    );
    expect(loadSettings(memoryStoresFrom(stores))).toMatchObject({
      kind: 'openai',
      openaiModel: 'llama3',
      baseUrl: 'http://127.0.0.1:8080/v1',
      remember: false,
    });
  });
});

/** A new tab: same localStorage, empty sessionStorage. */
function memoryStoresFrom(stores: KeyStores): KeyStores {
  const fresh = memoryStores();
  return { local: stores.local, session: fresh.session };
}

describe('loadSettings', () => {
  it('loadSettings with nothing stored returns the defaults: offline, no key, remember off', () => {
    expect(loadSettings(memoryStores())).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS.remember).toBe(false);
    expect(DEFAULT_SETTINGS.kind).toBe('offline');
  });

  it('loadSettings in a new tab forgets a key that was not remembered', () => {
    const stores = memoryStores();
    saveSettings(withKey(false), stores);
    expect(loadSettings(memoryStoresFrom(stores)).keys.gemini).toBe('');
  });

  it('loadSettings ignores corrupt or unknown stored values', () => {
    const stores = memoryStores();
    stores.local.setItem('perch.settings', '{"kind":"evil","remember":true}');
    stores.local.setItem(KEYS_ITEM, 'not json');
    expect(loadSettings(stores)).toEqual({ ...DEFAULT_SETTINGS, remember: true });
  });
});

describe('toModelSettings', () => {
  it('toModelSettings sends only the key of the chosen provider', () => {
    const settings: UiSettings = { ...DEFAULT_SETTINGS, kind: 'openai', keys: { gemini: 'G', openai: '' } };
    expect(toModelSettings(settings)).toEqual({
      kind: 'openai',
      baseUrl: DEFAULT_SETTINGS.baseUrl,
      model: DEFAULT_SETTINGS.openaiModel,
    });
    expect(toModelSettings({ ...settings, kind: 'gemini' })).toEqual({
      kind: 'gemini',
      apiKey: 'G',
      model: DEFAULT_SETTINGS.geminiModel,
      thinkingLevel: DEFAULT_THINKING_LEVEL,
    });
    expect(toModelSettings(DEFAULT_SETTINGS)).toEqual({ kind: 'offline' });
  });

  it('settingsProblem explains a missing Gemini key and a bad base URL', () => {
    expect(settingsProblem({ ...DEFAULT_SETTINGS, kind: 'gemini' })).toMatch(/needs an API key/);
    expect(settingsProblem({ ...DEFAULT_SETTINGS, kind: 'openai', baseUrl: 'ftp://x' })).toMatch(/base URL/);
    expect(settingsProblem(DEFAULT_SETTINGS)).toBeUndefined();
  });
});

describe('Gemini thinking level', () => {
  it('the default is low, and each level survives save and load in a new tab and reaches the worker', () => {
    expect(DEFAULT_SETTINGS.geminiThinking).toBe('low');
    expect(DEFAULT_SETTINGS.geminiThinking).toBe(DEFAULT_THINKING_LEVEL);
    for (const level of THINKING_LEVELS) {
      const stores = memoryStores();
      saveSettings({ ...withKey(false), geminiThinking: level }, stores);
      const loaded = loadSettings(memoryStoresFrom(stores));
      expect(loaded.geminiThinking).toBe(level);
      expect(toModelSettings({ ...loaded, keys: { gemini: 'K', openai: '' } })).toMatchObject({
        kind: 'gemini',
        thinkingLevel: level,
      });
    }
  });

  it('a stored level this build does not know, or of the wrong type, loads as the default and leaves the rest', () => {
    for (const bad of ['"ultra"', '"LOW"', '3', 'null', '["high"]']) {
      const stores = memoryStores();
      stores.local.setItem(
        SETTINGS_ITEM,
        `{"kind":"gemini","geminiModel":"gemini-3.7-flash","geminiThinking":${bad}}`,
      );
      expect(loadSettings(stores)).toMatchObject({
        kind: 'gemini',
        geminiModel: 'gemini-3.7-flash',
        geminiThinking: DEFAULT_THINKING_LEVEL,
      });
    }
  });

  it('the thinking level is sent for Gemini only', () => {
    expect(
      toModelSettings({ ...DEFAULT_SETTINGS, kind: 'openai', geminiThinking: 'high' }),
    ).not.toHaveProperty('thinkingLevel');
    expect(toModelSettings({ ...DEFAULT_SETTINGS, geminiThinking: 'high' })).toEqual({ kind: 'offline' });
  });
});
