import { el, prettyJson } from './dom';

export interface TraceView {
  element: HTMLDetailsElement;
  stepStart(step: number): void;
  toolCall(call: { callId: string; name: string; arguments: unknown; sql?: string }): void;
  toolResult(result: { callId: string; ok: boolean; code?: string; summary: string; durationMs: number; rows?: number }): void;
  /** Opens the trace at the call and highlights it (a figure in the answer was clicked). */
  focusCall(callId: string): void;
  callCount(): number;
}

/** The trace of one turn: each step's tool, arguments, SQL, result summary and duration, collapsible. */
export function createTraceView(): TraceView {
  const summaryText = el('span', {}, ['How this was answered']);
  const list = el('ol', { class: 'trace-list' });
  const element = el('details', { class: 'trace' }, [el('summary', {}, [summaryText]), list]);
  const calls = new Map<string, { item: HTMLElement; details: HTMLDetailsElement; status: HTMLElement; meta: HTMLElement }>();
  let steps = 0;
  const updateSummary = () => (summaryText.textContent = `How this was answered · ${calls.size} tool call${calls.size === 1 ? '' : 's'} in ${steps} step${steps === 1 ? '' : 's'}`);

  return {
    element,
    stepStart(step) {
      steps = Math.max(steps, step);
      updateSummary();
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
  };
}
