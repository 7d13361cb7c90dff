import type { AgentEvent, TurnSummary } from '../agent';
import type { QueryFrame } from '../frame/query-frame';
import { el } from './dom';
import { createReadingLine } from './reading-chips';
import { createReadingMemory } from './reading-memory';
import { frameInWords } from './reading-words';
import { renderMarkdown } from './render-markdown';
import { createUsageTally, usageLine } from './token-usage';
import { createTraceView, type TraceView } from './trace-view';

export interface ChatActions {
  ask(question: string): void;
  /** Re-asks with a frame the person edited on a reading chip; `question` says it in words. */
  askFrame(frame: QueryFrame, question: string): void;
  /** The release year of the weekly estimates, for the month chips (undefined before init). */
  releaseYear(): number | undefined;
  stop(): void;
  replay(summary: TurnSummary): void;
  /** The share link of the conversation up to and including this turn. */
  shareLink(turnId: string): string;
}

export interface ChatPanel {
  element: HTMLElement;
  /** Creates the card of a turn the page just started (before the worker's first event). */
  turnOpen(turnId: string, question: string, label?: string): void;
  handle(event: AgentEvent): void;
  /** An error before or outside a turn (settings, worker): what happened and what to do. */
  fail(turnId: string | undefined, message: string): void;
  setRunning(running: boolean): void;
  setSuggestions(questions: string[]): void;
  setQuestion(question: string): void;
  /** The person has typed in the ask box since their last question: one may be on its way. */
  typing(): boolean;
}

interface TurnView {
  card: HTMLElement;
  reading: HTMLElement;
  answer: HTMLElement;
  /** Tokens of the answer and of the conversation, under the answer (models that report usage only). */
  usage: HTMLElement;
  choices: HTMLElement;
  error: HTMLElement;
  actions: HTMLElement;
  model: HTMLElement;
  trace: TraceView;
  text: string;
  pendingRender: boolean;
  ended: boolean;
}

/** The ask box, suggested questions and one card per turn (streamed answer, choices, trace, errors). */
export function createChatPanel(actions: ChatActions): ChatPanel {
  const input = el('textarea', {
    id: 'question',
    rows: 2,
    placeholder: 'e.g. When does the Yellow-bellied Sapsucker peak in Michigan?',
    autocomplete: 'off',
  });
  const askButton = el('button', { type: 'submit', class: 'primary' }, ['Ask']);
  const stopButton = el(
    'button',
    {
      type: 'button',
      class: 'danger',
      hidden: true,
      'aria-keyshortcuts': 'Escape',
      onclick: () => actions.stop(),
    },
    ['Stop'],
  );
  const form = el('form', { class: 'ask-form', role: 'search' }, [
    el('label', { for: 'question', class: 'ask-label' }, ['Ask about birds']),
    el('div', { class: 'ask-row' }, [input, el('div', { class: 'ask-buttons' }, [askButton, stopButton])]),
  ]);
  const suggestions = el('div', { class: 'suggestions', role: 'group', 'aria-label': 'Suggested questions' });
  const welcome = el('div', { class: 'welcome' }, [
    el('h2', {}, ['Ask where and when birds are']),
    el('p', {}, [
      'Perch answers from eBird Status and Trends data, computed here in your browser. Each answer comes with a map, a chart and the exact steps behind every number.',
    ]),
    el('p', {}, ['Pick a suggestion above or type your own question.']),
  ]);
  const turns = el('section', { class: 'turns', 'aria-label': 'Answers' }, [welcome]);
  const element = el('section', { class: 'chat-panel', 'aria-label': 'Questions and answers' }, [
    form,
    suggestions,
    turns,
  ]);
  const views = new Map<string, TurnView>();
  const memory = createReadingMemory();
  const tokens = createUsageTally();
  let running = false;
  let typed = false;
  input.addEventListener('input', () => (typed = true));

  const submit = (question: string) => {
    typed = false;
    const trimmed = question.trim();
    if (trimmed) actions.ask(trimmed);
  };
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    submit(input.value);
  });
  input.addEventListener('keydown', (event) => {
    if (event.key === 'Enter' && !event.shiftKey) {
      event.preventDefault();
      submit(input.value);
    }
  });

  // The chips above say how the question was read; the answer's own "I read this as: …" line (kept in the text for the CLI and share) is not drawn twice.
  const shownText = (view: TurnView) =>
    view.reading.hidden ? view.text : view.text.replace(/(^|\n\n)I read this as: [^\n]*(\n\n|$)/, '$1');
  const renderAnswer = (view: TurnView, summary?: Pick<TurnSummary, 'provenance' | 'quoted'>) =>
    view.answer.replaceChildren(renderMarkdown(shownText(view), summary?.provenance, summary?.quoted));
  const scheduleRender = (view: TurnView) => {
    if (view.pendingRender) return;
    view.pendingRender = true;
    // Deltas arrive faster than frames; re-parse at most once per frame.
    requestAnimationFrame(() => {
      view.pendingRender = false;
      // turn-end already drew the final answer with its figures linked; a late frame must not undo it.
      if (!view.ended) renderAnswer(view);
    });
  };

  const panel: ChatPanel = {
    element,
    turnOpen(turnId, question, label) {
      const trace = createTraceView();
      const model = el('span', { class: 'turn-model' }, [label ?? '']);
      const reading = el('div', { class: 'turn-reading', hidden: true });
      const answer = el('div', { class: 'answer', 'aria-live': 'polite', 'aria-busy': 'true' }, [
        el('p', { class: 'thinking' }, ['Working on it…']),
      ]);
      const usage = el('p', { class: 'turn-usage', hidden: true });
      const choices = el('div', {
        class: 'choices',
        role: 'group',
        'aria-label': 'Choose an answer',
        hidden: true,
      });
      const error = el('div', { class: 'turn-error', role: 'alert', hidden: true });
      const actionsBar = el('div', { class: 'turn-actions', hidden: true });
      const body = el('div', { class: 'turn-body', id: `turn-body-${turnId}` }, [
        reading,
        answer,
        usage,
        choices,
        error,
        trace.element,
      ]);
      const card = el('article', { class: 'turn', 'data-turn-id': turnId }, [
        el('header', { class: 'turn-head' }, [
          el('h2', { class: 'turn-question' }, [question]),
          model,
          collapseButton(body),
        ]),
        body,
        actionsBar,
      ]);
      answer.addEventListener('click', (event) => {
        const figure = (event.target as HTMLElement).closest<HTMLElement>('button.figure');
        if (figure?.dataset.callId) trace.focusCall(figure.dataset.callId);
      });
      views.set(turnId, {
        card,
        reading,
        answer,
        usage,
        choices,
        error,
        actions: actionsBar,
        model,
        trace,
        text: '',
        pendingRender: false,
        ended: false,
      });
      welcome.remove();
      // On a phone earlier answers fold to their question (and actions) so the newest stays near the map.
      if (narrowScreen.matches)
        for (const other of views.values()) if (other.ended) setCollapsed(other.card, true);
      turns.prepend(card);
      card.scrollIntoView({ block: 'nearest' });
    },
    handle(event) {
      const view = views.get(event.turnId);
      if (!view) return;
      switch (event.type) {
        case 'turn-start':
          view.model.textContent = event.modelId;
          return;
        case 'step-start':
          return view.trace.stepStart(event.step);
        case 'reading': {
          memory.add(event.reading);
          const context = memory.context(actions.releaseYear());
          view.reading.hidden = false;
          view.reading.replaceChildren(
            createReadingLine(
              event.reading,
              context,
              (frame) => actions.askFrame(frame, frameInWords(frame, context.names)),
              running,
            ),
          );
          // A reading of an edited frame comes without a summary: it is the frame, said in words.
          const { frame, summary } = event.reading;
          return view.trace.readingShow(
            event.reading,
            summary || (frame ? frameInWords(frame, context.names) : ''),
          );
        }
        case 'tool-call':
          return view.trace.toolCall(event);
        case 'tool-result':
          return view.trace.toolResult(event);
        case 'text-delta':
          view.text += event.text;
          return scheduleRender(view);
        case 'question-ask':
          view.choices.hidden = false;
          view.choices.replaceChildren(
            el('p', { class: 'choices-question' }, [event.question]),
            ...event.options.map((option) =>
              el('button', { type: 'button', class: 'choice', onclick: () => actions.ask(option) }, [option]),
            ),
          );
          return;
        case 'turn-end': {
          view.ended = true;
          view.text = event.summary.answer || view.text;
          renderAnswer(view, event.summary);
          view.answer.setAttribute('aria-busy', 'false');
          const { usage, incomplete } = event.summary;
          if (usage) {
            const conversation = tokens.add(usage);
            view.usage.hidden = false;
            view.usage.textContent = usageLine(usage, conversation);
            view.trace.usageShow(usage, conversation);
          }
          if (incomplete) {
            view.card.classList.add('turn-incomplete');
            view.model.before(
              el(
                'span',
                { class: 'badge badge-cut-off', title: `The model stopped with ${incomplete.reason}` },
                ['cut off'],
              ),
            );
            view.trace.incompleteShow(incomplete.reason);
          }
          view.actions.hidden = false;
          view.actions.replaceChildren(
            el(
              'button',
              {
                type: 'button',
                class: 'secondary small',
                disabled: event.summary.calls.length === 0,
                title: 'Run the same tool calls again, with no model',
                onclick: () => actions.replay(event.summary),
              },
              ['Replay turn'],
            ),
            shareButton(actions.shareLink(event.turnId)),
          );
          return;
        }
        case 'turn-error':
          panel.fail(event.turnId, event.message);
          view.error.classList.toggle('turn-stopped', event.code === 'turn_stopped');
          return;
        case 'payload-add':
        case 'approval-need':
        case 'audit-add':
          return; // drawn by the map, chart, data, approvals and audit views
      }
    },
    fail(turnId, message) {
      const view = turnId ? views.get(turnId) : undefined;
      if (!view) {
        const card = el('article', { class: 'turn' }, [
          el('div', { class: 'turn-error', role: 'alert' }, errorContent(message)),
        ]);
        turns.prepend(card);
        return;
      }
      view.answer.setAttribute('aria-busy', 'false');
      if (!view.text) view.answer.replaceChildren();
      view.error.hidden = false;
      view.error.replaceChildren(...errorContent(message));
    },
    setRunning(value) {
      running = value;
      stopButton.hidden = !running;
      // A chip picked while a turn runs would be dropped (one turn at a time): they wait.
      for (const select of element.querySelectorAll<HTMLSelectElement>('.reading select'))
        select.disabled = running;
      askButton.disabled = running;
      element.classList.toggle('running', running);
    },
    setSuggestions(questions) {
      suggestions.replaceChildren(
        ...questions.map((question) =>
          el(
            'button',
            {
              type: 'button',
              class: 'suggestion',
              onclick: () => {
                input.value = question;
                submit(question);
              },
            },
            [question],
          ),
        ),
      );
    },
    setQuestion(question) {
      input.value = question;
    },
    typing: () => typed,
  };
  return panel;
}

/** Narrow screens (styles.css uses the same width): the map sits on top and the conversation below it. */
const narrowScreen = window.matchMedia('(max-width: 799px)');

/** The turn's fold button: hides its reading, answer and trace; the question and actions stay. */
function collapseButton(body: HTMLElement): HTMLButtonElement {
  const button = el(
    'button',
    {
      type: 'button',
      class: 'icon-button turn-collapse',
      'aria-expanded': 'true',
      'aria-controls': body.id,
      onclick: () => setCollapsed(button.closest('.turn')!, button.getAttribute('aria-expanded') === 'true'),
    },
    ['Hide answer'],
  );
  return button;
}

function setCollapsed(card: Element, collapsed: boolean): void {
  card.classList.toggle('turn-collapsed', collapsed);
  const button = card.querySelector('.turn-collapse');
  button?.setAttribute('aria-expanded', String(!collapsed));
  if (button) button.textContent = collapsed ? 'Show answer' : 'Hide answer';
}

/**
 * Error messages are `<code>: <detail>. <what to do>` (STYLE.md): the code goes in a small tag,
 * for anyone reporting it, and the sentence a person reads starts with a capital.
 */
function errorContent(message: string): (HTMLElement | string)[] {
  const match = /^([a-z][a-z0-9_]*): ([\s\S]*)$/.exec(message);
  if (!match) return [message];
  const [, code, detail] = match;
  return [
    el('span', { class: 'error-code' }, [code!]),
    ' ',
    `${detail!.charAt(0).toUpperCase()}${detail!.slice(1)}`,
  ];
}

function shareButton(link: string): HTMLElement {
  const status = el('span', { class: 'copy-status', role: 'status' });
  const button = el(
    'button',
    {
      type: 'button',
      class: 'secondary small',
      onclick: async () => {
        try {
          await navigator.clipboard.writeText(link);
          status.textContent = 'Link copied';
        } catch {
          status.textContent = link;
        }
      },
    },
    ['Copy share link'],
  );
  return el('span', {}, [button, status]);
}
