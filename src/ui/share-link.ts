/**
 * The share link: `?q=<question 1>&q=<question 2>…&model=<offline|gemini|openai>`, every question
 * of the conversation in order (a link with one `q` is the older, one-question form). Opening it
 * asks them in sequence in one conversation, so a follow-up ("and in winter?") keeps its context.
 * It never carries a key, a base URL or a model name: links get pasted into chats and logs.
 */
export type ModelKind = 'offline' | 'gemini' | 'openai';

export const MODEL_KINDS: readonly ModelKind[] = ['offline', 'gemini', 'openai'];
/** A question longer than this is not a question a person typed; refuse to auto-ask it. */
export const MAX_SHARED_QUESTION = 500;
/**
 * More questions than this are not a conversation to replay on open. 20 × 500 characters keeps a
 * link under ~32 KB encoded, well inside what browsers and chat apps keep of a URL.
 */
export const MAX_SHARED_QUESTIONS = 20;

export interface ShareLink {
  /** The conversation's questions, in order; empty when the link holds none. */
  questions: string[];
  model?: ModelKind;
}

/**
 * Blank questions are dropped; an overlong question, or too many, drops the whole conversation:
 * asking part of it would answer follow-ups out of their context.
 */
export function parseShareLink(search: string): ShareLink {
  const params = new URLSearchParams(search);
  const questions = params
    .getAll('q')
    .map((question) => question.trim())
    .filter(Boolean);
  const model = params.get('model');
  const fits =
    questions.length <= MAX_SHARED_QUESTIONS &&
    questions.every((question) => question.length <= MAX_SHARED_QUESTION);
  const link: ShareLink = { questions: fits ? questions : [] };
  if (model && (MODEL_KINDS as readonly string[]).includes(model)) link.model = model as ModelKind;
  return link;
}

/** `pageUrl` is the page's own address; its path (a sub-path on GitHub Pages) is kept, its query replaced. */
export function formatShareLink(pageUrl: string, link: ShareLink): string {
  const url = new URL(pageUrl);
  url.search = '';
  url.hash = '';
  for (const question of link.questions.slice(-MAX_SHARED_QUESTIONS)) url.searchParams.append('q', question);
  if (link.model) url.searchParams.set('model', link.model);
  return url.href;
}
