import type { UiSettings } from './key-storage';
import { el } from './dom';

/**
 * Whether a model needs the internet. Gemini always does; an OpenAI-compatible server on this
 * machine (Ollama, LM Studio) does not, so it is never refused just because the device is offline.
 * Mirrors ModelAdapter.needsNetwork on the page, which has no adapter (it lives in the worker).
 */
export function needsInternet(settings: Pick<UiSettings, 'kind' | 'baseUrl'>): boolean {
  if (settings.kind === 'offline') return false;
  if (settings.kind === 'gemini') return true;
  try {
    return !['localhost', '127.0.0.1', '[::1]'].includes(new URL(settings.baseUrl).hostname);
  } catch {
    return true;
  }
}

/** The sentence shown when a network model is chosen and there is no network (or it failed). */
export function networkProblem(settings: Pick<UiSettings, 'kind' | 'baseUrl'>): string {
  const fallback = 'The offline model still works: it answers from the data saved on this device.';
  if (settings.kind === 'gemini') return `Gemini needs the network, and there is none right now. ${fallback}`;
  if (needsInternet(settings))
    return `The OpenAI-compatible model at ${settings.baseUrl} needs the network, and there is none right now. ${fallback}`;
  return `The model server at ${settings.baseUrl} did not answer: is it running? ${fallback}`;
}

/** The alert with a one-click switch to the offline model. */
export function createNetworkNotice(message: string, useOffline: () => void): HTMLElement {
  const button = el('button', { type: 'button', class: 'header-button' }, ['Use the offline model']);
  const element = el('div', { class: 'health-alert', role: 'alert' }, [el('span', {}, [message]), button]);
  button.addEventListener('click', () => {
    useOffline();
    element.remove();
  });
  return element;
}
