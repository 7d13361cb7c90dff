import { canonicalJson } from './canonical-json';
import type { ProposalSummary } from './define-tool';
import type { RegistryErrorCode } from './envelope';

/**
 * Where a card is in its one decision: `pending` → `deciding` (an approval won and `execute`
 * is running) → `approved`; or `pending` → `denied`; or `pending` → `expired`.
 */
export type ApprovalStatus = 'pending' | 'deciding' | 'approved' | 'denied' | 'expired';

/**
 * A write proposal waiting for a person. Approving runs exactly `arguments`, once. Every card
 * handed out is a frozen deep copy: changing it cannot change what runs.
 */
export interface ApprovalCard {
  readonly id: string;
  readonly tool: string;
  readonly call_id: string;
  readonly session_id: string;
  readonly arguments: Readonly<Record<string, unknown>>;
  /** sha256 of the canonical JSON of `arguments`; an approval must carry the same arguments. */
  readonly digest: string;
  readonly summary: ProposalSummary;
  readonly created_at: string;
  readonly expires_at: string;
  /** The status when this copy was made. */
  readonly status: ApprovalStatus;
}

/** What a person asks for: run the card with these arguments, or decline it. */
export type DecisionRequest = { kind: 'approve'; approvedArguments: unknown } | { kind: 'deny' };

type ClaimCode = Extract<RegistryErrorCode, `approval_${string}`>;

/**
 * The answer to one decision attempt, given synchronously. `secrets` are the proposing
 * session's, so every row about the card is redacted as the proposal's row was; `detail` says
 * for the audit which attempt won. `arguments()` is a fresh, writable copy of the stored
 * arguments for `execute` (a tool that edits its input cannot change the stored card).
 */
export type ClaimResult =
  | {
      ok: true;
      card: ApprovalCard;
      attempt: number;
      secrets: readonly string[];
      detail: string;
      settle(): void;
      arguments(): Record<string, unknown>;
    }
  | {
      ok: false;
      code: ClaimCode;
      message: string;
      card?: ApprovalCard;
      attempt: number;
      secrets: readonly string[];
      detail?: string;
    };

export interface ApprovalStore {
  /** Stores a frozen deep copy of the proposal; `secrets` are the proposing session's (kept here, never on the card). */
  add(
    card: Omit<ApprovalCard, 'id' | 'digest' | 'created_at' | 'expires_at' | 'status'>,
    secrets?: readonly string[],
  ): Promise<ApprovalCard>;
  /**
   * Takes the decision on a card, or refuses it, with no await in between: of any number of
   * concurrent attempts exactly one wins. Refusals for an unknown card, another session or
   * edited arguments leave the card pending; a decided or expired card refuses every attempt.
   * A winning approval leaves the card `deciding` until `settle()` marks it `approved`.
   */
  claim(cardId: string, sessionId: string, request: DecisionRequest): ClaimResult;
  /** The cards of one session still waiting for a decision. */
  pending(sessionId: string): ApprovalCard[];
}

interface Decision {
  kind: DecisionRequest['kind'];
  attempt: number;
  session_id: string;
  at: string;
}

interface CardRecord {
  /** Frozen; status `pending`. The copy handed out. */
  card: ApprovalCard;
  /** A second copy never handed out: what `execute` runs, whatever happens to any card object. */
  args: Readonly<Record<string, unknown>>;
  /** The canonical JSON of the stored arguments: compared synchronously, so no await splits the check from the claim. */
  canonical: string;
  secrets: readonly string[];
  status: ApprovalStatus;
  attempts: number;
  decision?: Decision;
}

export function createApprovalStore(options: {
  now: () => number;
  newId: () => string;
  ttlMs: number;
}): ApprovalStore {
  const records = new Map<string, CardRecord>();
  const isExpired = (record: CardRecord) => options.now() > Date.parse(record.card.expires_at);
  const snapshot = (record: CardRecord): ApprovalCard =>
    record.status === record.card.status
      ? record.card
      : deepFreeze({ ...structuredClone(record.card), status: record.status });

  return {
    async add(fields, secrets = []) {
      const created = options.now();
      const args = structuredClone(fields.arguments) as Record<string, unknown>;
      const card = deepFreeze<ApprovalCard>({
        ...structuredClone(fields),
        arguments: args,
        id: options.newId(),
        digest: await digestArguments(args),
        created_at: new Date(created).toISOString(),
        expires_at: new Date(created + options.ttlMs).toISOString(),
        status: 'pending',
      });
      records.set(card.id, {
        card,
        args: deepFreeze(structuredClone(args)),
        canonical: canonicalJson(args),
        secrets: [...secrets],
        status: 'pending',
        attempts: 0,
      });
      return card;
    },

    claim(cardId, sessionId, request) {
      const record = records.get(cardId);
      // Another session learns nothing, not even that the id exists, and consumes nothing.
      if (!record || record.card.session_id !== sessionId) {
        return {
          ok: false,
          code: 'approval_unknown',
          message: `approval_unknown: no proposal with id '${cardId}' in this session. Ask for the action again.`,
          attempt: 0,
          secrets: record?.secrets ?? [],
        };
      }
      record.attempts += 1;
      const attempt = record.attempts;
      const refused = (code: ClaimCode, message: string, detail?: string): ClaimResult => ({
        ok: false,
        code,
        message,
        card: snapshot(record),
        attempt,
        secrets: record.secrets,
        ...(detail ? { detail } : {}),
      });
      if (record.decision) {
        const { kind, attempt: won, session_id, at } = record.decision;
        return refused(
          'approval_used',
          `approval_used: proposal '${cardId}' was already ${kind === 'approve' ? 'approved' : 'denied'}; a proposal is decided once and an approval runs once. Ask for the action again.`,
          `lost: attempt ${attempt} (${request.kind}) came after attempt ${won} (${kind}, session ${session_id}, at ${at}) decided card ${cardId}`,
        );
      }
      if (record.status === 'expired' || isExpired(record)) {
        record.status = 'expired';
        return refused(
          'approval_expired',
          `approval_expired: proposal '${cardId}' expired at ${record.card.expires_at}. Ask for the action again.`,
        );
      }
      if (
        request.kind === 'approve' &&
        canonicalOrUndefined(request.approvedArguments) !== record.canonical
      ) {
        return refused(
          'approval_mismatch',
          `approval_mismatch: the arguments differ from those proposed in '${cardId}'; only the exact proposal can be approved. Propose the edited action instead.`,
        );
      }
      const at = new Date(options.now()).toISOString();
      record.decision = { kind: request.kind, attempt, session_id: sessionId, at };
      record.status = request.kind === 'approve' ? 'deciding' : 'denied';
      return {
        ok: true,
        card: record.card,
        attempt,
        secrets: record.secrets,
        detail: `won: attempt ${attempt} decided card ${cardId} (${request.kind}) at ${at}`,
        arguments: () => structuredClone(record.args) as Record<string, unknown>,
        settle: () => {
          if (record.status === 'deciding') record.status = 'approved';
        },
      };
    },

    pending: (sessionId) =>
      [...records.values()]
        .filter(
          (record) =>
            record.card.session_id === sessionId && record.status === 'pending' && !isExpired(record),
        )
        .map((record) => record.card),
  };
}

/** Freezes `value` and everything reachable from it; returns it typed as given. */
function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const key of Reflect.ownKeys(value)) deepFreeze((value as Record<PropertyKey, unknown>)[key]);
  }
  return value;
}

/** sha256 over JSON with sorted keys, so key order cannot make two equal proposals differ. */
export async function digestArguments(value: unknown): Promise<string> {
  const bytes = new TextEncoder().encode(canonicalJson(value));
  const hash = await crypto.subtle.digest('SHA-256', bytes);
  return Array.from(new Uint8Array(hash), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Arguments a person sends can be anything (cyclic, BigInt): those match no proposal. */
function canonicalOrUndefined(value: unknown): string | undefined {
  try {
    return canonicalJson(value);
  } catch {
    return undefined;
  }
}
