import type { ApprovalCard } from '../registry';
import { el, prettyJson } from './dom';

export interface ApprovalsTab {
  element: HTMLElement;
  /** Adds or refreshes cards (from `approval-need` events and `approval-list` pushes). */
  upsert(cards: ApprovalCard[]): void;
  pendingCount(): number;
  onChange(listener: () => void): void;
}

export interface ApprovalActions {
  approve(card: ApprovalCard): Promise<{ ok: boolean; message: string }>;
  deny(card: ApprovalCard): Promise<{ ok: boolean; message: string }>;
}

/** Write proposals as cards showing the exact arguments that would run, with Approve / Deny. */
export function createApprovalsTab(actions: ApprovalActions): ApprovalsTab {
  const cards = new Map<string, { card: ApprovalCard; element: HTMLElement; decided: boolean }>();
  const listeners: (() => void)[] = [];
  const list = el('div', { class: 'approval-list' });
  const empty = el('p', { class: 'empty-state' }, [
    'Nothing waits for approval. When an answer needs to fetch or add data, its proposal appears here first.',
  ]);
  const element = el('div', { class: 'approvals-tab' }, [empty, list]);
  const changed = () => {
    empty.hidden = cards.size > 0;
    for (const listener of listeners) listener();
  };

  const build = (card: ApprovalCard) => {
    const status = el('p', { class: 'approval-status', role: 'status' }, [
      card.status === 'pending'
        ? `Expires ${new Date(card.expires_at).toLocaleTimeString()}`
        : `Already ${card.status}`,
    ]);
    const decide = (kind: 'approve' | 'deny') => async () => {
      approve.disabled = true;
      deny.disabled = true;
      status.textContent = kind === 'approve' ? 'Running…' : 'Denying…';
      try {
        const result = await actions[kind](card);
        status.textContent =
          result.message ||
          (result.ok ? (kind === 'approve' ? 'Approved and run once.' : 'Denied.') : 'Refused.');
        element_.dataset.status = result.ok ? (kind === 'approve' ? 'approved' : 'denied') : 'refused';
      } catch (error) {
        status.textContent = error instanceof Error ? error.message : String(error);
        element_.dataset.status = 'refused';
      }
      const entry = cards.get(card.id);
      if (entry) entry.decided = true;
      changed();
    };
    const pending = card.status === 'pending';
    const approve = el(
      'button',
      { type: 'button', class: 'primary', disabled: !pending, onclick: decide('approve') },
      ['Approve'],
    );
    const deny = el(
      'button',
      { type: 'button', class: 'secondary', disabled: !pending, onclick: decide('deny') },
      ['Deny'],
    );
    const element_ = el(
      'article',
      {
        class: 'approval-card',
        'data-card-id': card.id,
        'data-status': card.status,
        'aria-label': `Proposal: ${card.summary.title}`,
      },
      [
        el('h3', {}, [card.summary.title]),
        el(
          'ul',
          { class: 'approval-effects' },
          card.summary.effects.map((effect) => el('li', {}, [effect])),
        ),
        el('p', { class: 'approval-meta' }, [`Tool ${card.tool} · call ${card.call_id}`]),
        el('details', { open: true }, [
          el('summary', {}, ['Exact arguments']),
          el('pre', {}, [prettyJson(card.arguments)]),
        ]),
        el('div', { class: 'toolbar' }, [approve, deny]),
        status,
      ],
    );
    return element_;
  };

  return {
    element,
    upsert(next) {
      for (const card of next) {
        const existing = cards.get(card.id);
        if (existing?.decided) continue;
        const element_ = build(card);
        if (existing) existing.element.replaceWith(element_);
        else {
          list.prepend(element_);
          // Scroll anchoring keeps the older cards in view when one is prepended; show the new one.
          if (card.status === 'pending') element_.scrollIntoView({ block: 'start' });
        }
        cards.set(card.id, { card, element: element_, decided: card.status !== 'pending' });
      }
      changed();
    },
    pendingCount: () => [...cards.values()].filter((entry) => !entry.decided).length,
    onChange: (listener) => void listeners.push(listener),
  };
}
