import type { Provenance } from '../agent/agent-event';
import { el } from './dom';
import { parseMarkdown, type Block, type Inline } from './markdown';
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
  }
}

function renderInlines(nodes: Inline[], provenance: readonly Provenance[], figures: Figures): Node[] {
  return nodes.flatMap((node): Node[] => {
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
        return [
          el(
            'a',
            {
              href: node.href,
              rel: 'noopener noreferrer nofollow',
              target: '_blank',
              referrerpolicy: 'no-referrer',
            },
            [node.text],
          ),
        ];
    }
  });
}

function figureButton(text: string, source: Provenance): HTMLButtonElement {
  return el(
    'button',
    {
      type: 'button',
      class: 'figure',
      'data-call-id': source.callId,
      title: `From ${source.tool} (call ${source.callId})${source.sql ? `:\n${source.sql}` : ''}`,
      'aria-label': `${text}, from ${source.tool} call ${source.callId}. Show where this figure came from.`,
    },
    [text],
  );
}
