import { ALLOW_LIST_CASES } from './allow-list';
import { APPROVAL_CASES } from './approvals';
import { ARGUMENT_VALIDATION_CASES } from './argument-validation';
import { AUDIT_CAP_CASES } from './audit-caps';
import { BIND_BOMB_CASES } from './bind-bombs';
import { CATALOG_CASES } from './catalogs';
import type { CorpusCase } from './corpus-case';
import { ENVELOPE_BUDGET_CASES } from './envelope-budget';
import { FILESYSTEM_CASES } from './filesystem';
import { LEGIT_CASES } from './legit';
import { SCOPE_ARGUMENT_CASES } from './scope-arguments';
import { SCOPE_SQL_CASES } from './scope-sql';
import { SECRET_CASES } from './secrets';
import { SETTINGS_CASES } from './settings';
import { SIDE_EFFECT_CASES } from './side-effects';
import { SQL_EGRESS_CASES } from './sql-egress';
import { UNKNOWN_TOOL_CASES } from './unknown-tools';

export type { ApprovalCase, BombCase, CallCase, Category, CorpusCase, Expectation } from './corpus-case';
export { CATEGORIES } from './corpus-case';
export * from './planted-secrets';

/** Every case but the bombs and approvals, which need their own world and steps. */
export const CALL_CASES = [
  ...UNKNOWN_TOOL_CASES,
  ...ALLOW_LIST_CASES,
  ...SCOPE_ARGUMENT_CASES,
  ...ARGUMENT_VALIDATION_CASES,
  ...SQL_EGRESS_CASES,
  ...FILESYSTEM_CASES,
  ...SETTINGS_CASES,
  ...CATALOG_CASES,
  ...SCOPE_SQL_CASES,
  ...SIDE_EFFECT_CASES,
  ...ENVELOPE_BUDGET_CASES,
  ...AUDIT_CAP_CASES,
  ...SECRET_CASES,
  ...LEGIT_CASES,
];

export { APPROVAL_CASES, BIND_BOMB_CASES };

export const RED_TEAM_CORPUS: readonly CorpusCase[] = [...CALL_CASES, ...APPROVAL_CASES, ...BIND_BOMB_CASES];
