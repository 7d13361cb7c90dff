import {
  DEFAULT_GEMINI_MODEL,
  DEFAULT_THINKING_LEVEL,
  type GeminiThinkingLevel,
  THINKING_LEVELS,
} from '../models/gemini-model-names';
import type { ModelChoice, ModelSettings } from '../worker/protocol';
import { el } from './dom';
import { isThinkingLevel, type UiSettings } from './key-storage';
import type { ModelKind } from './share-link';

export interface SettingsDialog {
  element: HTMLDialogElement;
  open(): void;
}

/** Asks the agent worker which models a key can use (`models` request); rejects with a worded error. */
export type ListModels = (model: ModelSettings) => Promise<ModelChoice[]>;

const KIND_LABELS: Record<ModelKind, string> = {
  offline: 'Offline (no key, runs in your browser)',
  gemini: 'Google Gemini (your API key)',
  openai: 'OpenAI-compatible endpoint',
};

const THINKING_LABELS: Record<GeminiThinkingLevel, string> = {
  minimal: 'Minimal — fastest',
  low: 'Low',
  medium: 'Medium',
  high: 'High — slowest, most tokens',
};

/**
 * A pasted key is loaded this long after the last keystroke: long enough that typing a key by
 * hand does not send one request per character, short enough to feel automatic after a paste.
 */
const KEY_DEBOUNCE_MS = 700;

/** Gemini API keys are 39 characters (`AIza` + 35); anything much shorter is still being typed. */
const MIN_KEY_LENGTH = 20;

export interface ModelOption {
  value: string;
  label: string;
}

/**
 * The Gemini model select after a listing: every listed model (the default marked), and a stored
 * model the key is not served, named as such. The default is chosen unless the stored model is
 * listed; when the key is not served the default either, the first listed model is.
 */
export function geminiModelOptions(
  listed: readonly ModelChoice[],
  stored: string,
  fallback = DEFAULT_GEMINI_MODEL,
): { options: ModelOption[]; selected: string } {
  const names = new Set(listed.map((model) => model.name));
  // Google's display name alone: with the bare name too it no longer fits a phone-wide select (the name is the option's title).
  const options = listed.map((model) => ({
    value: model.name,
    label: `${model.displayName || model.name}${model.name === fallback ? ' (default)' : ''}`,
  }));
  const notServed = (name: string) => ({ value: name, label: `${name} — not served for this key` });
  if (stored && !names.has(stored)) options.push(notServed(stored));
  if (!names.has(fallback) && fallback !== stored) options.push(notServed(fallback));
  const selected = names.has(stored) ? stored : names.has(fallback) ? fallback : (listed[0]?.name ?? stored);
  return { options, selected };
}

/** Model settings. Keys go in password fields and are stored by `key-storage.ts` (remember: off by default). */
export function createSettingsDialog(
  current: () => UiSettings,
  save: (settings: UiSettings) => void,
  listModels: ListModels,
): SettingsDialog {
  const radios = (Object.keys(KIND_LABELS) as ModelKind[]).map((kind) =>
    el('input', {
      type: 'radio',
      name: 'model-kind',
      id: `model-kind-${kind}`,
      value: kind,
      onchange: () => sync(),
    }),
  );
  const geminiKey = el('input', {
    type: 'password',
    id: 'gemini-key',
    autocomplete: 'off',
    spellcheck: 'false',
    oninput: () => keyChanged(),
  });
  const geminiModel = el('select', { id: 'gemini-model' });
  const loadButton = el(
    'button',
    {
      type: 'button',
      class: 'secondary small',
      id: 'gemini-load-models',
      onclick: () => void loadModels(true),
    },
    ['Load models'],
  );
  const modelsStatus = el('p', {
    class: 'hint models-status',
    id: 'gemini-models-status',
    role: 'status',
    'aria-live': 'polite',
  });
  const geminiThinking = el(
    'select',
    { id: 'gemini-thinking' },
    THINKING_LEVELS.map((level) =>
      el('option', { value: level }, [
        `${THINKING_LABELS[level]}${level === DEFAULT_THINKING_LEVEL ? ' (default)' : ''}`,
      ]),
    ),
  );
  const baseUrl = el('input', {
    type: 'url',
    id: 'openai-base-url',
    spellcheck: 'false',
    placeholder: 'http://127.0.0.1:11434/v1',
  });
  const openaiModel = el('input', { type: 'text', id: 'openai-model', spellcheck: 'false' });
  const openaiKey = el('input', {
    type: 'password',
    id: 'openai-key',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const remember = el('input', { type: 'checkbox', id: 'remember-key' });
  const field = (id: string, label: string, input: HTMLElement, hint?: string) =>
    el('div', { class: 'field' }, [
      el('label', { for: id }, [label]),
      input,
      hint ? el('p', { class: 'hint' }, [hint]) : null,
    ]);
  const geminiFields = el('fieldset', { class: 'provider-fields' }, [
    el('legend', {}, ['Gemini']),
    field('gemini-key', 'API key', geminiKey, 'Sent only to Google, in a request header — never in a URL.'),
    el('div', { class: 'field' }, [
      el('label', { for: 'gemini-model' }, ['Model']),
      el('div', { class: 'select-row' }, [geminiModel, loadButton]),
      modelsStatus,
    ]),
    field(
      'gemini-thinking',
      'Thinking',
      geminiThinking,
      'How long Gemini thinks before it answers. More thinking costs more tokens and time.',
    ),
  ]);
  const openaiFields = el('fieldset', { class: 'provider-fields' }, [
    el('legend', {}, ['OpenAI-compatible']),
    field('openai-base-url', 'Base URL', baseUrl),
    field('openai-model', 'Model name', openaiModel),
    field('openai-key', 'API key (optional)', openaiKey),
  ]);
  const form = el('form', { method: 'dialog', class: 'settings-form' }, [
    el('h2', {}, ['Settings']),
    el('fieldset', { class: 'model-kinds' }, [
      el('legend', {}, ['Model']),
      ...radios.map((radio) =>
        el('div', { class: 'radio-row' }, [
          radio,
          el('label', { for: radio.id }, [KIND_LABELS[radio.value as ModelKind]]),
        ]),
      ),
    ]),
    geminiFields,
    openaiFields,
    el('div', { class: 'field checkbox-field' }, [
      remember,
      el('label', { for: 'remember-key' }, ['Remember key on this device']),
    ]),
    el('p', { class: 'hint' }, [
      'Off: the key is forgotten when this tab closes. On: it is kept in this browser’s local storage.',
    ]),
    el('div', { class: 'dialog-actions' }, [
      el('button', { type: 'button', class: 'secondary', value: 'cancel', onclick: () => dialog.close() }, [
        'Cancel',
      ]),
      el('button', { type: 'submit', class: 'primary', value: 'save' }, ['Save']),
    ]),
  ]);
  const dialog = el('dialog', { class: 'settings-dialog', 'aria-labelledby': 'settings-title' }, [form]);
  form.querySelector('h2')!.id = 'settings-title';
  /** The key the select was last filled for (a listing is per key), and the latest request, so an older answer is dropped. */
  let listedFor: string | undefined;
  let request = 0;
  let debounce: ReturnType<typeof setTimeout> | undefined;

  const kind = () => (radios.find((radio) => radio.checked)?.value ?? 'offline') as ModelKind;
  const sync = () => {
    geminiFields.hidden = kind() !== 'gemini';
    openaiFields.hidden = kind() !== 'openai';
    if (kind() === 'gemini') void loadModels(false);
  };
  const setStatus = (text: string, problem = false) => {
    modelsStatus.textContent = text;
    modelsStatus.classList.toggle('models-problem', problem);
  };
  /** Before a listing: the stored model (and the default), so Save keeps what was chosen. */
  const fillUnlisted = (stored: string) => {
    const names =
      stored && stored !== DEFAULT_GEMINI_MODEL ? [stored, DEFAULT_GEMINI_MODEL] : [DEFAULT_GEMINI_MODEL];
    fillModels(
      names.map((name) => ({
        value: name,
        label: name === DEFAULT_GEMINI_MODEL ? `${name} (default)` : name,
      })),
      stored || DEFAULT_GEMINI_MODEL,
    );
  };
  const fillModels = (options: ModelOption[], selected: string) => {
    geminiModel.replaceChildren(
      ...options.map((option) => el('option', { value: option.value, title: option.value }, [option.label])),
    );
    geminiModel.value = selected;
  };
  const keyChanged = () => {
    clearTimeout(debounce);
    listedFor = undefined;
    if (geminiKey.value.trim().length >= MIN_KEY_LENGTH)
      debounce = setTimeout(() => void loadModels(false), KEY_DEBOUNCE_MS);
  };

  /** `force`: the button (load again even for the same key); otherwise once per key. */
  async function loadModels(force: boolean) {
    const key = geminiKey.value.trim();
    if (kind() !== 'gemini') return;
    if (!key) return setStatus('Paste your key to see the models it can use.');
    if (!force && listedFor === key) return;
    clearTimeout(debounce);
    const mine = ++request;
    listedFor = key;
    // What the person picked (or the stored model), kept through the listing.
    const wanted = geminiModel.value || current().geminiModel;
    setStatus('Asking Google which models this key can use…');
    loadButton.disabled = true;
    try {
      const listed = await listModels({
        kind: 'gemini',
        apiKey: key,
        model: wanted,
        thinkingLevel: thinkingValue(),
      });
      if (mine !== request) return;
      const { options, selected } = geminiModelOptions(listed, wanted);
      fillModels(options, selected);
      const dropped = wanted !== selected && !listed.some((model) => model.name === wanted);
      setStatus(
        `${listed.length} model${listed.length === 1 ? '' : 's'} can answer with this key.${dropped ? ` ${wanted} is not served for this key, so ${selected} is chosen.` : ''}`,
        dropped,
      );
    } catch (error) {
      if (mine !== request) return;
      listedFor = undefined; // a retry (fixed key, back online) may list them
      // The select keeps what it had: a failed listing loses nothing.
      setStatus(`Could not list the models: ${errorText(error)}`, true);
    } finally {
      if (mine === request) loadButton.disabled = false;
    }
  }
  const thinkingValue = (): GeminiThinkingLevel =>
    isThinkingLevel(geminiThinking.value) ? geminiThinking.value : DEFAULT_THINKING_LEVEL;

  form.addEventListener('submit', () => {
    clearTimeout(debounce);
    save({
      kind: kind(),
      geminiModel: geminiModel.value.trim() || current().geminiModel,
      geminiThinking: thinkingValue(),
      openaiModel: openaiModel.value.trim() || current().openaiModel,
      baseUrl: baseUrl.value.trim(),
      keys: { gemini: geminiKey.value.trim(), openai: openaiKey.value.trim() },
      remember: remember.checked,
    });
  });
  dialog.addEventListener('close', () => clearTimeout(debounce));
  return {
    element: dialog,
    open() {
      const settings = current();
      for (const radio of radios) radio.checked = radio.value === settings.kind;
      if (geminiKey.value.trim() !== settings.keys.gemini) listedFor = undefined;
      geminiKey.value = settings.keys.gemini;
      // A listing for this key stays (reopening asks Google nothing); the stored model is chosen in it when listed.
      if (listedFor === undefined) fillUnlisted(settings.geminiModel);
      else if ([...geminiModel.options].some((option) => option.value === settings.geminiModel))
        geminiModel.value = settings.geminiModel;
      geminiThinking.value = settings.geminiThinking;
      baseUrl.value = settings.baseUrl;
      openaiModel.value = settings.openaiModel;
      openaiKey.value = settings.keys.openai;
      remember.checked = settings.remember;
      if (listedFor === undefined) setStatus('');
      dialog.showModal();
      sync();
    },
  };
}

/** The worker's error is `<code>: <sentence>`; the person reads the sentence. */
function errorText(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const sentence = message.replace(/^[a-z][a-z0-9_]*: /, '');
  return `${sentence.charAt(0).toUpperCase()}${sentence.slice(1)}`;
}
