import type { Catalog } from '../catalog/types';
import { el } from './dom';

export interface ScopePicker {
  element: HTMLDialogElement;
  open(): void;
  set(catalog: Catalog, inScope: string[]): void;
}

/**
 * Which datasets this session may read. The person sets it here; the model cannot change it
 * (the worker enforces it on every query). Simulated tables are marked.
 */
export function createScopePicker(apply: (datasets: string[]) => Promise<string[]>): ScopePicker {
  const list = el('div', { class: 'scope-list' });
  const status = el('p', { class: 'hint', role: 'status' });
  const form = el('form', { method: 'dialog', class: 'scope-form' }, [
    el('h2', { id: 'scope-title' }, ['Data scope']),
    el('p', { class: 'hint' }, [
      'Answers may read only the datasets ticked here. The assistant cannot change this.',
    ]),
    el('fieldset', {}, [el('legend', { class: 'visually-hidden' }, ['Datasets']), list]),
    status,
    el('div', { class: 'dialog-actions' }, [
      el('button', { type: 'button', class: 'secondary', onclick: () => dialog.close() }, ['Cancel']),
      el('button', { type: 'submit', class: 'primary' }, ['Apply']),
    ]),
  ]);
  const dialog = el('dialog', { class: 'scope-dialog', 'aria-labelledby': 'scope-title' }, [form]);
  form.addEventListener('submit', (event) => {
    event.preventDefault();
    const chosen = [...list.querySelectorAll<HTMLInputElement>('input:checked')].map((input) => input.value);
    status.textContent = 'Applying…';
    apply(chosen).then(
      () => dialog.close(),
      (error: unknown) => (status.textContent = error instanceof Error ? error.message : String(error)),
    );
  });
  return {
    element: dialog,
    open() {
      status.textContent = '';
      dialog.showModal();
    },
    set(catalog, inScope) {
      list.replaceChildren(
        ...Object.values(catalog.tables).map((table) => {
          const id = `scope-${table.name}`;
          return el('div', { class: 'checkbox-field' }, [
            el('input', { type: 'checkbox', id, value: table.name, checked: inScope.includes(table.name) }),
            el('label', { for: id }, [
              table.title || table.name,
              table.simulated ? el('span', { class: 'badge badge-simulated' }, ['simulated']) : null,
            ]),
          ]);
        }),
      );
    },
  };
}
