import { el } from './dom';
import type { UiSettings } from './key-storage';

/**
 * Whether a share link may ask on open with these settings. Only the offline reader: it is free,
 * runs in this page and sends the question nowhere. Gemini and OpenAI-compatible models spend the
 * visitor's key and send the question to a server, so a link alone (which anyone can write,
 * `?q=…&model=gemini`) must never make that happen: a person clicks first.
 */
export function asksWithoutClick(settings: Pick<UiSettings, 'kind'>): boolean {
  return settings.kind === 'offline';
}

/** "Gemini" / the OpenAI-compatible model's name: who the click sends the questions to. */
export function paidModelName(settings: Pick<UiSettings, 'kind' | 'openaiModel'>): string {
  return settings.kind === 'gemini' ? 'Gemini' : settings.openaiModel || 'your OpenAI-compatible model';
}

/** The notice a share link opens with when its questions need a click: what goes where, and the button. */
export function sharedQuestionOffer(
  settings: Pick<UiSettings, 'kind' | 'openaiModel'>,
  questions: number,
  onAsk: () => void,
): HTMLElement {
  const model = paidModelName(settings);
  const what = questions === 1 ? 'its question' : `its ${questions} questions`;
  return el('div', { class: 'health-alert shared-offer', role: 'status' }, [
    `This link holds ${what}; nothing has been sent. Clicking sends ${questions === 1 ? 'it' : 'them'} to ${model} with your key. `,
    el('button', { type: 'button', class: 'shared-ask', onclick: onAsk }, [`Ask with ${model}`]),
  ]);
}
