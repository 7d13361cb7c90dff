import { el } from './dom';
import type { UiSettings } from './key-storage';
import type { ModelKind } from './share-link';

export interface SettingsDialog {
  element: HTMLDialogElement;
  open(): void;
}

const KIND_LABELS: Record<ModelKind, string> = {
  offline: 'Offline (no key, runs in your browser)',
  gemini: 'Google Gemini (your API key)',
  openai: 'OpenAI-compatible endpoint',
};

/** Model settings. Keys go in password fields and are stored by `key-storage.ts` (remember: off by default). */
export function createSettingsDialog(current: () => UiSettings, save: (settings: UiSettings) => void): SettingsDialog {
  const radios = (Object.keys(KIND_LABELS) as ModelKind[]).map((kind) => el('input', { type: 'radio', name: 'model-kind', id: `model-kind-${kind}`, value: kind, onchange: () => sync() }));
  const geminiKey = el('input', { type: 'password', id: 'gemini-key', autocomplete: 'off', spellcheck: 'false' });
  const geminiModel = el('input', { type: 'text', id: 'gemini-model', spellcheck: 'false' });
  const baseUrl = el('input', { type: 'url', id: 'openai-base-url', spellcheck: 'false', placeholder: 'http://127.0.0.1:11434/v1' });
  const openaiModel = el('input', { type: 'text', id: 'openai-model', spellcheck: 'false' });
  const openaiKey = el('input', { type: 'password', id: 'openai-key', autocomplete: 'off', spellcheck: 'false' });
  const remember = el('input', { type: 'checkbox', id: 'remember-key' });
  const field = (id: string, label: string, input: HTMLElement, hint?: string) => el('div', { class: 'field' }, [el('label', { for: id }, [label]), input, hint ? el('p', { class: 'hint' }, [hint]) : null]);
  const geminiFields = el('fieldset', { class: 'provider-fields' }, [el('legend', {}, ['Gemini']), field('gemini-key', 'API key', geminiKey, 'Sent only to Google, in a request header — never in a URL.'), field('gemini-model', 'Model name', geminiModel)]);
  const openaiFields = el('fieldset', { class: 'provider-fields' }, [el('legend', {}, ['OpenAI-compatible']), field('openai-base-url', 'Base URL', baseUrl), field('openai-model', 'Model name', openaiModel), field('openai-key', 'API key (optional)', openaiKey)]);
  const form = el('form', { method: 'dialog', class: 'settings-form' }, [
    el('h2', {}, ['Settings']),
    el('fieldset', { class: 'model-kinds' }, [el('legend', {}, ['Model']), ...radios.map((radio) => el('div', { class: 'radio-row' }, [radio, el('label', { for: radio.id }, [KIND_LABELS[radio.value as ModelKind]])]))]),
    geminiFields,
    openaiFields,
    el('div', { class: 'field checkbox-field' }, [remember, el('label', { for: 'remember-key' }, ['Remember key on this device'])]),
    el('p', { class: 'hint' }, ['Off: the key is forgotten when this tab closes. On: it is kept in this browser’s local storage.']),
    el('div', { class: 'dialog-actions' }, [
      el('button', { type: 'button', class: 'secondary', value: 'cancel', onclick: () => dialog.close() }, ['Cancel']),
      el('button', { type: 'submit', class: 'primary', value: 'save' }, ['Save']),
    ]),
  ]);
  const dialog = el('dialog', { class: 'settings-dialog', 'aria-labelledby': 'settings-title' }, [form]);
  form.querySelector('h2')!.id = 'settings-title';
  const kind = () => (radios.find((radio) => radio.checked)?.value ?? 'offline') as ModelKind;
  const sync = () => {
    geminiFields.hidden = kind() !== 'gemini';
    openaiFields.hidden = kind() !== 'openai';
  };
  form.addEventListener('submit', () => {
    save({
      kind: kind(),
      geminiModel: geminiModel.value.trim() || current().geminiModel,
      openaiModel: openaiModel.value.trim() || current().openaiModel,
      baseUrl: baseUrl.value.trim(),
      keys: { gemini: geminiKey.value.trim(), openai: openaiKey.value.trim() },
      remember: remember.checked,
    });
  });
  return {
    element: dialog,
    open() {
      const settings = current();
      for (const radio of radios) radio.checked = radio.value === settings.kind;
      geminiKey.value = settings.keys.gemini;
      geminiModel.value = settings.geminiModel;
      baseUrl.value = settings.baseUrl;
      openaiModel.value = settings.openaiModel;
      openaiKey.value = settings.keys.openai;
      remember.checked = settings.remember;
      sync();
      dialog.showModal();
    },
  };
}
