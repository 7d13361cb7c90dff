import type { TokenUsage } from '../models/model-adapter';
import type { Reading } from '../reader';
import { el, prettyJson } from './dom';
import { formatTokenCount, usageBreakdown } from './token-usage';

export interface TraceView {
  element: HTMLDetailsElement;
  stepStart(step: number): void;
  /** How the question was read: `summary` in one line and the frame, as JSON, first in the list. */
  readingShow(reading: Reading, summary: string): void;
  toolCall(call: { callId: string; name: string; arguments: unknown; sql?: string }): void;
  toolResult(result: {
    callId: string;
    ok: boolean;
    code?: string;
    summary: string;
    durationMs: number;
    rows?: number;
  }): void;
  /** Opens the trace at the call and highlights it (a figure in the answer was clicked). */
  focusCall(callId: string): void;
  callCount(): number;
  /** Tokens of this answer (summed over its steps) and of the conversation so far, last in the list. */
  usageShow(turn: TokenUsage, conversation: TokenUsage): void;
  /** The model's reply was cut off (`reason`: its finish reason, e.g. MAX_TOKENS). */
  incompleteShow(reason: string): void;
}

/** The trace of one turn: each step's tool, arguments, SQL, result summary and duration, collapsible. */
export function createTraceView(): TraceView {
  const summaryText = el('span', {}, ['How this was answered']);
  const list = el('ol', { class: 'trace-list' });
  const element = el('details', { class: 'trace' }, [el('summary', {}, [summaryText]), list]);
  const calls = new Map<
    string,
    { item: HTMLElement; details: HTMLDetailsElement; status: HTMLElement; meta: HTMLElement }
  >();
  let steps = 0;
  let tokens: number | undefined;
  let cutOff = false;
  const updateSummary = () =>
    (summaryText.textContent = [
      `How this was answered · ${calls.size} tool call${calls.size === 1 ? '' : 's'} in ${steps} step${steps === 1 ? '' : 's'}`,
      tokens !== undefined ? ` · ${formatTokenCount(tokens)} tokens` : '',
      cutOff ? ' · cut off' : '',
    ].join(''));

  return {
    element,
    stepStart(step) {
      steps = Math.max(steps, step);
      updateSummary();
    },
    readingShow(reading, summary) {
      list.querySelector('.trace-reading')?.remove();
      const details = el('details', {}, [
        el('summary', {}, [
          el('span', { class: 'trace-reading-mark', 'aria-hidden': 'true' }, ['≡']),
          el('code', { class: 'trace-tool' }, ['reading']),
          el('span', { class: 'trace-meta' }, [` ${summary || 'nothing answerable was read'}`]),
        ]),
        el('div', { class: 'trace-body' }, [
          el('p', { class: 'trace-label' }, ['Frame']),
          el('pre', { class: 'trace-frame' }, [reading.frame ? prettyJson(reading.frame) : 'none']),
          reading.carried.length > 0
            ? el('p', { class: 'trace-call-id' }, [
                `carried from the previous question: ${reading.carried.join(', ')}`,
              ])
            : null,
        ]),
      ]);
      list.prepend(el('li', { class: 'trace-reading' }, [details]));
    },
    toolCall({ callId, name, arguments: args, sql }) {
      const status = el('span', { class: 'trace-status running', 'aria-label': 'running' }, ['…']);
      const meta = el('span', { class: 'trace-meta' });
      const details = el('details', {}, [
        el('summary', {}, [status, el('code', { class: 'trace-tool' }, [name]), meta]),
        el('div', { class: 'trace-body' }, [
          el('p', { class: 'trace-label' }, ['Arguments']),
          el('pre', {}, [prettyJson(args)]),
          sql ? el('p', { class: 'trace-label' }, ['SQL']) : null,
          sql ? el('pre', { class: 'trace-sql' }, [sql]) : null,
          el('p', { class: 'trace-call-id' }, [`call ${callId}`]),
        ]),
      ]);
      const item = el('li', { class: 'trace-item', 'data-call-id': callId, tabindex: '-1' }, [details]);
      calls.set(callId, { item, details, status, meta });
      list.appendChild(item);
      updateSummary();
    },
    toolResult({ callId, ok, code, summary, durationMs, rows }) {
      const entry = calls.get(callId);
      if (!entry) return;
      entry.status.className = `trace-status ${ok ? 'ok' : 'failed'}`;
      entry.status.textContent = ok ? '✓' : '✕';
      entry.status.setAttribute('aria-label', ok ? 'succeeded' : `failed${code ? `: ${code}` : ''}`);
      entry.meta.textContent = ` ${summary}${rows !== undefined ? ` · ${rows.toLocaleString('en-US')} rows` : ''} · ${Math.round(durationMs)} ms`;
      if (!ok && code) entry.meta.prepend(el('span', { class: 'trace-code' }, [code]));
    },
    focusCall(callId) {
      const entry = calls.get(callId);
      if (!entry) return;
      element.open = true;
      entry.details.open = true;
      for (const other of calls.values()) other.item.classList.toggle('highlight', other === entry);
      entry.item.scrollIntoView({ block: 'nearest' });
      entry.item.focus();
    },
    callCount: () => calls.size,
    usageShow(turn, conversation) {
      list.querySelector('.trace-usage')?.remove();
      tokens = turn.total;
      list.appendChild(
        el('li', { class: 'trace-usage' }, [
          el('p', { class: 'trace-label' }, ['Tokens']),
          el('p', { class: 'trace-usage-turn' }, [`This answer: ${usageBreakdown(turn)}`]),
          el('p', { class: 'trace-usage-conversation' }, [
            `This conversation: ${usageBreakdown(conversation)}`,
          ]),
        ]),
      );
      updateSummary();
    },
    incompleteShow(reason) {
      list.querySelector('.trace-incomplete')?.remove();
      cutOff = true;
      element.classList.add('trace-cut-off');
      list.appendChild(
        el('li', { class: 'trace-incomplete' }, [
          el('span', { class: 'trace-code' }, ['cut off']),
          ` The model stopped with ${reason} before it finished the answer.`,
        ]),
      );
      updateSummary();
    },
  };
}
