import type { Provenance } from '../agent';
import { el } from './dom';
import { type Block, type Inline, type LinkView, linkView, parseMarkdown } from './markdown';
import { shownFigure } from './shown-figure';
import { splitFigures } from './split-figures';

/**
 * Model-written Markdown → DOM, built only with elements and text nodes (no innerHTML). Figures
 * with recorded provenance become buttons that name the call that produced them.
 */
export function renderMarkdown(
  source: string,
  provenance: readonly Provenance[] = [],
  quoted: readonly string[] = [],
): DocumentFragment {
  const fragment = document.createDocumentFragment();
  const figures: Figures = { texts: provenance.map((entry) => entry.figure), quoted };
  for (const block of parseMarkdown(source)) fragment.appendChild(renderBlock(block, provenance, figures));
  return fragment;
}

/** The figures to link, and the quoted result texts (caveats) inside which nothing is linked. */
interface Figures {
  texts: string[];
  quoted: readonly string[];
}

function renderBlock(block: Block, provenance: readonly Provenance[], figures: Figures): Node {
  switch (block.type) {
    case 'paragraph':
      return el('p', {}, renderInlines(block.children, provenance, figures));
    case 'heading':
      return el(
        `h${block.level + 2}` as 'h3' | 'h4' | 'h5',
        {},
        renderInlines(block.children, provenance, figures),
      );
    case 'list':
      return el(
        block.ordered ? 'ol' : 'ul',
        {},
        block.items.map((item) => el('li', {}, renderInlines(item, provenance, figures))),
      );
    case 'code-block':
      return el('pre', {}, [el('code', {}, [block.text])]);
    case 'details':
      // Closed by default: the answer reads as its sentences; the method and caveats are one click away.
      return el('details', { class: 'answer-details' }, [
        el('summary', {}, [block.summary]),
        ...block.children.map((child) => renderBlock(child, provenance, figures)),
      ]);
  }
}

function renderInlines(nodes: Inline[], provenance: readonly Provenance[], figures: Figures): Node[] {
  return nodes.flatMap((node) => renderInline(node, provenance, figures));
}

function renderInline(node: Inline, provenance: readonly Provenance[], figures: Figures): Node[] {
  switch (node.type) {
    case 'text':
      return splitFigures(node.text, figures.texts, figures.quoted).map((segment) =>
        segment.figure === undefined
          ? document.createTextNode(segment.text)
          : figureButton(segment.text, provenance[segment.figure]),
      );
    case 'strong':
      return [el('strong', {}, renderInlines(node.children, provenance, figures))];
    case 'emphasis':
      return [el('em', {}, renderInlines(node.children, provenance, figures))];
    case 'code':
      return [el('code', {}, [node.text])];
    case 'link':
      return [answerLink(linkView(node))];
  }
}

/**
 * A link a model wrote: its text and target shown as a button that navigates nowhere; the first
 * click reveals the whole address as a real link, and only a click on that opens it (new tab,
 * no opener, no referrer). A model, or text injected into data it read, cannot send a person
 * somewhere with one click on words that name another place.
 */
function answerLink(view: LinkView): HTMLElement {
  const open = el(
    'a',
    {
      href: view.href,
      rel: view.rel,
      target: view.target,
      referrerpolicy: 'no-referrer',
      class: 'answer-link-open',
    },
    [view.confirm],
  );
  const confirm = el('span', { class: 'answer-link-confirm', hidden: true }, [' ', open]);
  const button = el(
    'button',
    { type: 'button', class: 'answer-link', 'aria-expanded': 'false', title: view.href },
    [view.label],
  );
  button.addEventListener('click', () => {
    confirm.hidden = !confirm.hidden;
    button.setAttribute('aria-expanded', String(!confirm.hidden));
  });
  return el('span', { class: 'answer-link-wrap' }, [button, confirm]);
}

/** A traced figure: shown with three significant digits at most (shown-figure.ts), the figure as written in its title. */
function figureButton(text: string, source: Provenance): HTMLButtonElement {
  const shown = shownFigure(text);
  const exact = shown === text ? '' : ` (exactly ${text})`;
  return el(
    'button',
    {
      type: 'button',
      class: 'figure',
      'data-call-id': source.callId,
      'data-figure': text,
      title: `${shown}${exact} from ${source.tool} (call ${source.callId})${source.sql ? `:\n${source.sql}` : ''}`,
      'aria-label': `${shown}${exact}, from ${source.tool} call ${source.callId}. Show where this figure came from.`,
    },
    [shown],
  );
}
