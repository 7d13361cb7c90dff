/**
 * A tiny Markdown subset for model-written answers: paragraphs, headings, lists, code, bold,
 * italics and http(s) links. It never produces HTML: the output is a token tree that
 * `render-markdown.ts` turns into DOM nodes with `textContent`, so a model (or a prompt injected
 * into data it read) cannot place markup, scripts or tracking images on the page.
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'emphasis'; children: Inline[] }
  | { type: 'code'; text: string }
  /** `target`: where it goes, short (`host/path`), shown beside the text: the text alone may claim any address. */
  | { type: 'link'; text: string; href: string; target: string };

export type Block =
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'heading'; level: 1 | 2 | 3; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'code-block'; text: string }
  /** "Details:" and everything after it: the method and caveats, folded away (the page draws a <details>). */
  | { type: 'details'; summary: string; children: Block[] };

/**
 * A line that opens the folded part of an answer: "Details:", "Method and caveats", "**Caveats:**",
 * "## Details". The offline answers write "Details:"; a language model is asked to (system-prompt.ts)
 * and may write the others.
 */
const DETAILS_LEAD =
  /^(details|caveats|method|method and caveats|methods and caveats|notes on method)\s*:?$/i;

const LIST_ITEM = /^\s*(?:([-*+])|(\d+)[.)])\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length) blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
    paragraph = [];
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index];
    if (line.trimStart().startsWith('```')) {
      flush();
      const code: string[] = [];
      for (index++; index < lines.length && !lines[index].trimStart().startsWith('```'); index++)
        code.push(lines[index]);
      blocks.push({ type: 'code-block', text: code.join('\n') });
      continue;
    }
    if (!line.trim()) {
      flush();
      continue;
    }
    const heading = HEADING.exec(line);
    if (heading) {
      flush();
      const level = Math.min(heading[1].length, 3) as 1 | 2 | 3;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2].trim()) });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      flush();
      const ordered = item[2] !== undefined;
      const previous = blocks[blocks.length - 1];
      const text = parseInline(item[3].trim());
      if (previous?.type === 'list' && previous.ordered === ordered && isListContinuation(lines, index))
        previous.items.push(text);
      else blocks.push({ type: 'list', ordered, items: [text] });
      continue;
    }
    paragraph.push(line.trim());
  }
  flush();
  return foldDetails(blocks);
}

/** Everything from the first "Details:" line on goes into one details block; the line itself becomes its summary. */
function foldDetails(blocks: Block[]): Block[] {
  const at = blocks.findIndex((block) => {
    if (block.type !== 'paragraph' && block.type !== 'heading') return false;
    return DETAILS_LEAD.test(plainText(block.children).trim());
  });
  if (at < 0 || at === blocks.length - 1) return blocks;
  const lead = plainText((blocks[at] as { children: Inline[] }).children)
    .trim()
    .replace(/:$/, '');
  return [...blocks.slice(0, at), { type: 'details', summary: lead, children: blocks.slice(at + 1) }];
}

function plainText(nodes: readonly Inline[]): string {
  return nodes
    .map((node) =>
      node.type === 'strong' || node.type === 'emphasis'
        ? plainText(node.children)
        : node.type === 'link'
          ? node.text
          : node.text,
    )
    .join('');
}

/** A list continues when the line before this item was itself an item (no blank line between). */
function isListContinuation(lines: string[], index: number): boolean {
  return index > 0 && LIST_ITEM.test(lines[index - 1]);
}

/** Inline syntax, in priority order: code spans, images (kept as text), links, bold, italics. */
export function parseInline(text: string): Inline[] {
  const out: Inline[] = [];
  let buffer = '';
  const pushText = (value: string) => {
    buffer += value;
  };
  const flush = () => {
    if (buffer) out.push({ type: 'text', text: buffer });
    buffer = '';
  };
  let index = 0;
  while (index < text.length) {
    const rest = text.slice(index);
    const code = /^`([^`]+)`/.exec(rest);
    if (code) {
      flush();
      out.push({ type: 'code', text: code[1] });
      index += code[0].length;
      continue;
    }
    // Images are never loaded (a URL in an answer could be a tracking pixel): keep the source text.
    const image = /^!\[([^\]]*)\]\(([^)\s]*)\)/.exec(rest);
    if (image) {
      pushText(image[0]);
      index += image[0].length;
      continue;
    }
    const link = /^\[([^\]]+)\]\(([^)\s]+)\)/.exec(rest);
    if (link) {
      if (isSafeHref(link[2])) {
        flush();
        out.push({ type: 'link', text: link[1], href: link[2], target: linkTarget(link[2]) });
      } else pushText(link[1]);
      index += link[0].length;
      continue;
    }
    const strong = /^\*\*([^*]+(?:\*(?!\*)[^*]*)*)\*\*/.exec(rest) ?? /^__([^_]+)__/.exec(rest);
    if (strong) {
      flush();
      out.push({ type: 'strong', children: parseInline(strong[1]) });
      index += strong[0].length;
      continue;
    }
    const emphasis = /^\*([^*\s][^*]*)\*/.exec(rest);
    if (emphasis) {
      flush();
      out.push({ type: 'emphasis', children: parseInline(emphasis[1]) });
      index += emphasis[0].length;
      continue;
    }
    pushText(text[index]);
    index++;
  }
  flush();
  return out;
}

/**
 * Only absolute http(s) URLs become links; `javascript:`, `data:` and relative paths stay text,
 * and so does a URL with a user name (`https://ebird.org@evil.example/` goes to evil.example).
 */
export function isSafeHref(href: string): boolean {
  try {
    const url = new URL(href);
    return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
  } catch {
    return false;
  }
}

/** Longest target shown inline; the confirming step shows the whole address. */
const MAX_TARGET_CHARS = 60;

/**
 * Where a link goes, as a person reads it: the host as the browser will resolve it (punycode
 * for look-alike letters) and the path, with `?…` when it carries a query.
 */
export function linkTarget(href: string): string {
  const url = new URL(href);
  const path = url.pathname === '/' ? '' : url.pathname;
  const shown = `${url.host}${path}${url.search ? '?…' : ''}`;
  return shown.length <= MAX_TARGET_CHARS ? shown : `${shown.slice(0, MAX_TARGET_CHARS - 1)}…`;
}

/** What the page shows for a link: the first click reveals `confirm`, and only that opens `href`. */
export interface LinkView {
  label: string;
  confirm: string;
  href: string;
  rel: string;
  target: '_blank';
}

export function linkView(link: Extract<Inline, { type: 'link' }>): LinkView {
  return {
    label: `${link.text} (${link.target})`,
    confirm: `Open ${link.href}`,
    href: link.href,
    rel: 'noopener noreferrer nofollow',
    target: '_blank',
  };
}
