import { el } from './dom';

export interface SqlTab {
  element: HTMLElement;
  /** Starts a new turn's list. */
  reset(): void;
  add(statement: { callId: string; tool: string; sql: string }): void;
}

/** Every SQL statement of the current turn, in order, each copyable. */
export function createSqlTab(): SqlTab {
  const list = el('ol', { class: 'sql-list' });
  const empty = el('p', { class: 'empty-state' }, ['The SQL each step ran appears here.']);
  const element = el('div', { class: 'sql-tab' }, [empty, list]);
  return {
    element,
    reset() {
      list.replaceChildren();
      empty.hidden = false;
    },
    add({ callId, tool, sql }) {
      empty.hidden = true;
      const status = el('span', { class: 'copy-status', role: 'status' });
      const copy = el(
        'button',
        {
          type: 'button',
          class: 'secondary small',
          'aria-label': `Copy SQL of call ${callId}`,
          onclick: async () => {
            try {
              await navigator.clipboard.writeText(sql);
              status.textContent = 'Copied';
            } catch {
              status.textContent = 'Copy failed: select the text and copy it by hand.';
            }
          },
        },
        ['Copy'],
      );
      list.appendChild(
        el('li', { class: 'sql-item' }, [
          el('div', { class: 'sql-meta' }, [el('span', {}, [`${tool} · call ${callId}`]), copy, status]),
          el('pre', { class: 'sql-text' }, [el('code', {}, [sql])]),
        ]),
      );
    },
  };
}
