// The file, not the registry's index: the index re-exports zod-based code the page never runs.
import { toJsonLines, type AuditEntry } from '../registry';
import { MAP_AGENT } from '../worker/protocol';
import { download, el, prettyJson } from './dom';

export interface AuditTab {
  element: HTMLElement;
  setEntries(entries: AuditEntry[]): void;
  add(entry: AuditEntry): void;
  count(): number;
}

const OUTCOMES = [
  'ok',
  'refused',
  'failed',
  'timeout',
  'cancelled',
  'proposed',
  'approved',
  'denied',
] as const;

/** The audit rows (one per call, refusals included), filterable, exportable as JSON lines. */
export function createAuditTab(): AuditTab {
  let entries: AuditEntry[] = [];
  const search = el('input', {
    type: 'search',
    id: 'audit-search',
    placeholder: 'Tool, call id or code',
    oninput: () => render(),
  });
  const outcome = el('select', { id: 'audit-outcome', onchange: () => render() }, [
    el('option', { value: '' }, ['All outcomes']),
    ...OUTCOMES.map((name) => el('option', { value: name }, [name])),
  ]);
  const exportButton = el(
    'button',
    {
      type: 'button',
      class: 'secondary',
      onclick: () =>
        download(new Blob([toJsonLines(filtered())], { type: 'application/x-ndjson' }), 'perch-audit.jsonl'),
    },
    ['Export JSON lines'],
  );
  const rows = el('tbody');
  const summary = el('p', { class: 'audit-summary', role: 'status' });
  const element = el('div', { class: 'audit-tab' }, [
    el('div', { class: 'toolbar' }, [
      el('label', { for: 'audit-search', class: 'visually-hidden' }, ['Filter audit rows']),
      search,
      el('label', { for: 'audit-outcome', class: 'visually-hidden' }, ['Outcome']),
      outcome,
      exportButton,
    ]),
    summary,
    el('div', { class: 'table-scroll' }, [
      el('table', { class: 'audit-table' }, [
        el('thead', {}, [
          el(
            'tr',
            {},
            ['Time', 'Tool', 'Outcome', 'Rows', 'ms', 'Call', 'Arguments'].map((name) =>
              el('th', { scope: 'col' }, [name]),
            ),
          ),
        ]),
        rows,
      ]),
    ]),
  ]);

  const filtered = () => {
    const text = search.value.trim().toLowerCase();
    return entries.filter(
      (entry) =>
        (!outcome.value || entry.outcome === outcome.value) &&
        (!text ||
          [entry.tool, entry.call_id, entry.code ?? '', entry.agent].some((field) =>
            field.toLowerCase().includes(text),
          )),
    );
  };
  const render = () => {
    const shown = filtered();
    summary.textContent = `${shown.length} of ${entries.length} calls`;
    rows.replaceChildren(
      ...shown.map((entry) =>
        el('tr', { class: `outcome-${entry.outcome}` }, [
          el('td', {}, [entry.time.slice(11, 19)]),
          el('td', {}, [
            entry.tool,
            ...(entry.agent === MAP_AGENT ? [el('span', { class: 'audit-agent' }, [' · from the map'])] : []),
          ]),
          el('td', {}, [
            el('span', { class: `pill pill-${entry.outcome}` }, [entry.outcome]),
            entry.code ? ` ${entry.code}` : '',
          ]),
          el('td', { class: 'numeric' }, [entry.rows === undefined ? '' : String(entry.rows)]),
          el('td', { class: 'numeric' }, [String(Math.round(entry.duration_ms))]),
          el('td', {}, [el('code', {}, [entry.call_id])]),
          el('td', {}, [
            el('details', {}, [el('summary', {}, ['show']), el('pre', {}, [prettyJson(entry.arguments)])]),
          ]),
        ]),
      ),
    );
  };
  render();
  return {
    element,
    setEntries(next) {
      entries = [...next];
      render();
    },
    add(entry) {
      entries.push(entry);
      render();
    },
    count: () => entries.length,
  };
}
