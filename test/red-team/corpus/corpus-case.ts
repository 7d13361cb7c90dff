/**
 * The registry-level red-team corpus: each case is one input to `registry.call` (or one
 * approval scenario) and the envelope it must produce. The runner (registry-corpus.test.ts)
 * also checks, for every call, exactly one audit row, the envelope's byte budget, the audit row
 * cap and that no planted secret reaches an envelope or an audit row.
 */

export const CATEGORIES = [
  'unknown_tool',
  'allow_list',
  'scope_arguments',
  'argument_validation',
  'sql_egress',
  'filesystem',
  'settings',
  'catalogs',
  'scope_sql',
  'side_effects',
  'bind_bombs',
  'envelope_budget',
  'audit_caps',
  'secrets',
  'approvals',
  'legit',
] as const;
export type Category = (typeof CATEGORIES)[number];

/**
 * `ok: true` runs as legit; `ok: false` is refused with one of `codes` (most cases name exactly
 * one); `ok: 'either'` may run or be refused with one of `codes` (a result trimmed to the budget,
 * or refused as too large: both are right, the envelope's size is what is checked).
 */
export type Expectation =
  | { ok: true }
  | { ok: false; codes: readonly string[] }
  | { ok: 'either'; codes: readonly string[] };

export const legit: Expectation = { ok: true };
export const refused = (...codes: string[]): Expectation => ({ ok: false, codes });
export const legitOrRefused = (...codes: string[]): Expectation => ({ ok: 'either', codes });

/**
 * Sessions of the corpus world (red-team-world.ts): `main` reads every example table except
 * the held-out ones plus the added `rt_obs`; `narrow` only species and regions; `empty` none;
 * `other` the same tables as main, but it is another person's session.
 */
export type SessionName = 'main' | 'narrow' | 'empty' | 'other';

export interface CallCase {
  kind: 'call';
  category: Category;
  name: string;
  /** @default 'gemini' */
  agent?: string;
  /** @default 'main' */
  session?: SessionName;
  tool: string;
  arguments: unknown;
  /** @default a fresh `rt-<n>` id */
  callId?: string;
  /** Set to make the call unreadable, as a provider adapter does for bad JSON. */
  malformed?: string;
  expected: Expectation;
}

/** What a person sends when deciding on the proposed card. */
export type ApprovedArguments =
  | { kind: 'proposed' }
  | { kind: 'copy' }
  | { kind: 'reordered' }
  | { kind: 'edited'; edit: (proposed: Record<string, unknown>) => unknown };

export type ApprovalStep =
  | { action: 'approve'; session: 'own' | 'other'; send: ApprovedArguments; expected: Expectation }
  | { action: 'deny'; session: 'own' | 'other'; expected: Expectation }
  | { action: 'approve_unknown_card'; cardId: string; expected: Expectation }
  | { action: 'deny_unknown_card'; cardId: string; expected: Expectation }
  /** Moves the registry clock past the card's expiry (no call, no audit row). */
  | { action: 'expire' }
  /** Tries to change the card handed out; it is frozen, so what runs cannot change. */
  | { action: 'tamper_card' }
  /** Decisions sent in the same tick; exactly `winners` of them decide, the rest are refused. */
  | {
      action: 'race';
      attempts: readonly ('approve' | 'deny' | 'approve_other' | 'deny_other')[];
      winners: number;
    };

export interface ApprovalCase {
  kind: 'approval';
  category: 'approvals';
  name: string;
  /** The proposal's URL path on the fake host, and whether the card lists in pendingApprovals afterwards. */
  path: string;
  steps: readonly ApprovalStep[];
  /** How many times the approved download ran (0 or 1). */
  executions: number;
  /** Pending cards this session sees at the end. */
  pendingAfter?: number;
}

/** Bind- and run-phase bombs: refused or stopped within the deadline, and the next call answers. */
export interface BombCase {
  kind: 'bomb';
  category: 'bind_bombs';
  name: string;
  tool: 'run_sql' | 'compute_stats' | 'make_chart' | 'add_map_layer';
  sql: string;
  expected: Expectation;
}

export type CorpusCase = CallCase | ApprovalCase | BombCase;

/** A run_sql call; most SQL cases differ only in their text. */
export function sqlCase(
  category: Category,
  name: string,
  sql: string,
  expected: Expectation,
  session: SessionName = 'main',
): CallCase {
  return {
    kind: 'call',
    category,
    name,
    session,
    tool: 'run_sql',
    arguments: { sql, purpose: `red-team: ${name}`.slice(0, 300) },
    expected,
  };
}

/** The same SQL through each tool that takes SQL, so a guard that lives in one tool only is caught. */
export function sqlThroughTool(
  tool: 'run_sql' | 'compute_stats' | 'make_chart' | 'add_map_layer',
  sql: string,
  purpose: string,
): Record<string, unknown> {
  switch (tool) {
    case 'run_sql':
      return { sql, purpose: purpose.slice(0, 300) };
    case 'compute_stats':
      return { sql, column: 'x' };
    case 'make_chart':
      return { sql, chart_type: 'bar', title: purpose.slice(0, 120), x: 'x', y: 'y' };
    case 'add_map_layer':
      return { sql, name: purpose.slice(0, 120) };
  }
}

export const SQL_TOOLS = ['run_sql', 'compute_stats', 'make_chart', 'add_map_layer'] as const;
