import { el } from './dom';

export interface Tab {
  id: string;
  label: string;
  panel: HTMLElement;
}

export interface Tabs {
  element: HTMLElement;
  select(id: string): void;
  setBadge(id: string, count: number): void;
  onSelect(listener: (id: string) => void): void;
}

/** WAI-ARIA tabs: arrow keys move between tabs, Home/End jump, only the active tab is in the tab order. */
export function createTabs(label: string, tabs: Tab[]): Tabs {
  const listeners: ((id: string) => void)[] = [];
  const buttons = new Map<string, HTMLButtonElement>();
  const badges = new Map<string, HTMLSpanElement>();
  const list = el('div', { role: 'tablist', 'aria-label': label, class: 'tab-list' });
  const panels = el('div', { class: 'tab-panels' });
  for (const tab of tabs) {
    const badge = el('span', { class: 'tab-badge', hidden: true });
    badges.set(tab.id, badge);
    const button = el(
      'button',
      {
        type: 'button',
        role: 'tab',
        id: `tab-${tab.id}`,
        'aria-controls': `panel-${tab.id}`,
        'aria-selected': 'false',
        tabindex: '-1',
        onclick: () => select(tab.id),
      },
      [tab.label, badge],
    );
    buttons.set(tab.id, button);
    list.appendChild(button);
    tab.panel.id = `panel-${tab.id}`;
    tab.panel.setAttribute('role', 'tabpanel');
    tab.panel.setAttribute('aria-labelledby', `tab-${tab.id}`);
    tab.panel.tabIndex = 0;
    tab.panel.hidden = true;
    panels.appendChild(tab.panel);
  }
  list.addEventListener('keydown', (event) => {
    const ids = tabs.map((tab) => tab.id);
    const current = ids.indexOf(
      (document.activeElement as HTMLElement | null)?.id.replace(/^tab-/, '') ?? '',
    );
    if (current < 0) return;
    const next = { ArrowRight: current + 1, ArrowLeft: current - 1, Home: 0, End: ids.length - 1 }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const id = ids[(next + ids.length) % ids.length];
    select(id);
    buttons.get(id)?.focus();
  });
  function select(id: string) {
    for (const tab of tabs) {
      const active = tab.id === id;
      const button = buttons.get(tab.id)!;
      button.setAttribute('aria-selected', String(active));
      button.tabIndex = active ? 0 : -1;
      tab.panel.hidden = !active;
    }
    for (const listener of listeners) listener(id);
  }
  select(tabs[0].id);
  return {
    element: el('section', { class: 'tabs', 'aria-label': label }, [list, panels]),
    select,
    setBadge(id, count) {
      const badge = badges.get(id);
      if (!badge) return;
      badge.textContent = String(count);
      badge.hidden = count === 0;
    },
    onSelect: (listener) => void listeners.push(listener),
  };
}
