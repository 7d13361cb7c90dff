import type { ProposalSummary } from './define-tool';
import type { RegistryErrorCode } from './envelope';

/** A write proposal waiting for a person. Approving runs exactly `arguments`, once. */
export interface ApprovalCard {
  id: string;
  tool: string;
  call_id: string;
  session_id: string;
  arguments: Record<string, unknown>;
  /** sha256 of the canonical JSON of `arguments`; an approval must carry the same digest. */
  digest: string;
  summary: ProposalSummary;
  created_at: string;
  expires_at: string;
  status: 'pending' | 'approved' | 'denied';
}

export type TakeResult =
  | { ok: true; card: ApprovalCard }
  | { ok: false; code: Extract<RegistryErrorCode, `approval_${string}`>; message: string; card?: ApprovalCard };

export interface ApprovalStore {
  add(card: Omit<ApprovalCard, 'id' | 'digest' | 'created_at' | 'expires_at' | 'status'>): Promise<ApprovalCard>;
  /** Claims a pending card for execution; refuses edited arguments, a second use and expiry. */
  take(cardId: string, approvedArguments: unknown): Promise<TakeResult>;
  deny(cardId: string): TakeResult;
  pending(): ApprovalCard[];
}

export function createApprovalStore(options: { now: () => number; newId: () => string; ttlMs: number }): ApprovalStore {
  const cards = new Map<string, ApprovalCard>();
  const expired = (card: ApprovalCard) => options.now() > Date.parse(card.expires_at);
  const find = (cardId: string): TakeResult => {
    const card = cards.get(cardId);
    if (!card) return { ok: false, code: 'approval_unknown', message: `approval_unknown: no proposal with id '${cardId}'. Ask for the action again.` };
    if (card.status !== 'pending') return { ok: false, code: 'approval_used', message: `approval_used: proposal '${cardId}' was already ${card.status}; an approval runs once. Ask for the action again.`, card };
    if (expired(card)) return { ok: false, code: 'approval_expired', message: `approval_expired: proposal '${cardId}' expired at ${card.expires_at}. Ask for the action again.`, card };
    return { ok: true, card };
  };
  return {
    async add(fields) {
      const created = options.now();
      const card: ApprovalCard = {
        ...fields,
        id: options.newId(),
        digest: await digestArguments(fields.arguments),
        created_at: new Date(created).toISOString(),
        expires_at: new Date(created + options.ttlMs).toISOString(),
        status: 'pending',
      };
      cards.set(card.id, card);
      return card;
    },
    async take(cardId, approvedArguments) {
      const found = find(cardId);
      if (!found.ok) return found;
      if ((await digestArguments(approvedArguments)) !== found.card.digest) {
        return { ok: false, code: 'approval_mismatch', message: `approval_mismatch: the arguments differ from those proposed in '${cardId}'; only the exact proposal can be approved. Propose the edited action instead.`, card: found.card };
      }
      found.card.status = 'approved';
      return found;
    },
    deny(cardId) {
      const found = find(cardId);
      if (found.ok) found.card.status = 'denied';
      return found;
    },
    pending: () => [...cards.values()].filter((card) => card.status === 'pending' && !expired(card)),
  };
}

/** sha256 over JSON with sorted keys, so key order cannot make two equal proposals differ. */
export async function digestArguments(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const hash = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (typeof value === 'object' && value !== null) {
    const entries = Object.keys(value).sort().map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
