/**
 * The share link: `?q=<question>&model=<offline|gemini|openai>`. Opening it asks the question.
 * It never carries a key, a base URL or a model name: links get pasted into chats and logs.
 */
export type ModelKind = 'offline' | 'gemini' | 'openai';

export const MODEL_KINDS: readonly ModelKind[] = ['offline', 'gemini', 'openai'];
/** A question longer than this is not a question a person typed; refuse to auto-ask it. */
export const MAX_SHARED_QUESTION = 500;

export interface ShareLink {
  question?: string;
  model?: ModelKind;
}

export function parseShareLink(search: string): ShareLink {
  const params = new URLSearchParams(search);
  const question = params.get('q')?.trim();
  const model = params.get('model');
  const link: ShareLink = {};
  if (question && question.length <= MAX_SHARED_QUESTION) link.question = question;
  if (model && (MODEL_KINDS as readonly string[]).includes(model)) link.model = model as ModelKind;
  return link;
}

/** `pageUrl` is the page's own address; its path (a sub-path on GitHub Pages) is kept, its query replaced. */
export function formatShareLink(pageUrl: string, link: ShareLink): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  if (link.question) url.searchParams.set('q', link.question);
  if (link.model) url.searchParams.set('model', link.model);
  return url.href;
}
