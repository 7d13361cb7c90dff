import { type ApprovalCase, type ApprovalStep, type ApprovedArguments, legit, refused } from './corpus-case';
import { SESSION_GEMINI_KEY, URL_TOKEN } from './planted-secrets';

/**
 * Decisions on one add_dataset_from_url proposal each. The runner proposes (which must not
 * fetch), runs the steps (each decision one audit row) and counts how often the approved
 * download ran.
 */
const approve = (
  send: ApprovedArguments = { kind: 'proposed' },
  expected = legit,
  session: 'own' | 'other' = 'own',
): ApprovalStep => ({
  action: 'approve',
  session,
  send,
  expected,
});
const deny = (expected = refused('denied'), session: 'own' | 'other' = 'own'): ApprovalStep => ({
  action: 'deny',
  session,
  expected,
});
const edited = (edit: (proposed: Record<string, unknown>) => unknown) => ({ kind: 'edited' as const, edit });
const MISMATCH = refused('approval_mismatch');
const USED = refused('approval_used');
const UNKNOWN = refused('approval_unknown');
const EXPIRED = refused('approval_expired');

const scenario = (
  name: string,
  path: string,
  steps: ApprovalStep[],
  executions: number,
  pendingAfter?: number,
): ApprovalCase => ({ kind: 'approval', category: 'approvals', name, path, steps, executions, pendingAfter });

function cyclic(): unknown {
  const value: Record<string, unknown> = { url: 'x' };
  value.self = value;
  return value;
}

export const APPROVAL_CASES: ApprovalCase[] = [
  scenario('approve once runs once', 'once', [approve()], 1, 0),
  scenario(
    'approve twice: the second is approval_used',
    'twice',
    [approve(), approve(undefined, USED)],
    1,
    0,
  ),
  scenario(
    'approve three times in a row',
    'thrice',
    [approve(), approve(undefined, USED), approve(undefined, USED)],
    1,
  ),
  scenario('approve with a structured clone of the arguments', 'clone', [approve({ kind: 'copy' })], 1),
  scenario('approve with the keys in another order', 'reordered', [approve({ kind: 'reordered' })], 1),
  scenario(
    'another session approves: unknown to it, the card stays pending',
    'other-approve',
    [approve(undefined, UNKNOWN, 'other')],
    0,
    1,
  ),
  scenario(
    'another session approves, then the owner approves',
    'other-then-own',
    [approve(undefined, UNKNOWN, 'other'), approve()],
    1,
  ),
  scenario(
    'another session denies: unknown to it, the owner can still approve',
    'other-deny',
    [deny(UNKNOWN, 'other'), approve()],
    1,
  ),
  scenario('deny then approve', 'deny-approve', [deny(), approve(undefined, USED)], 0, 0),
  scenario('deny twice', 'deny-twice', [deny(), deny(USED)], 0),
  scenario('approve then deny', 'approve-deny', [approve(), deny(USED)], 1),
  scenario('approve after expiry', 'expired', [{ action: 'expire' }, approve(undefined, EXPIRED)], 0, 0),
  scenario('deny after expiry', 'expired-deny', [{ action: 'expire' }, deny(EXPIRED)], 0),
  scenario(
    'approve after expiry, twice',
    'expired-twice',
    [{ action: 'expire' }, approve(undefined, EXPIRED), approve(undefined, EXPIRED)],
    0,
  ),
  scenario(
    'edited URL is refused; the proposal still approves',
    'edited-url',
    [
      approve(
        edited((a) => ({ ...a, url: 'https://evil.example/x.csv' })),
        MISMATCH,
      ),
      approve(),
    ],
    1,
  ),
  scenario(
    'edited table name',
    'edited-name',
    [
      approve(
        edited((a) => ({ ...a, name: 'weekly' })),
        MISMATCH,
      ),
    ],
    0,
    1,
  ),
  scenario(
    'an extra key',
    'extra-key',
    [
      approve(
        edited((a) => ({ ...a, execute: true })),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'a missing key',
    'missing-key',
    [
      approve(
        edited((a) => ({ url: a.url })),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'null arguments',
    'null-args',
    [
      approve(
        edited(() => null),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'string arguments',
    'string-args',
    [
      approve(
        edited((a) => JSON.stringify(a)),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'array arguments',
    'array-args',
    [
      approve(
        edited((a) => [a]),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'cyclic arguments',
    'cyclic-args',
    [
      approve(
        edited(() => cyclic()),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'BigInt in the arguments',
    'bigint-args',
    [
      approve(
        edited((a) => ({ ...a, size: 1n })),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    '__proto__ key in the arguments',
    'proto-args',
    [
      approve(
        edited((a) =>
          JSON.parse(
            `{"url":${JSON.stringify(a.url)},"name":${JSON.stringify(a.name)},"__proto__":{"url":"https://evil.example"}}`,
          ),
        ),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'a 5 MB argument',
    'huge-args',
    [
      approve(
        edited((a) => ({ ...a, pad: 'x'.repeat(5 * 1024 * 1024) })),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'edited arguments carrying the session key',
    'secret-args',
    [
      approve(
        edited((a) => ({ ...a, note: SESSION_GEMINI_KEY })),
        MISMATCH,
      ),
    ],
    0,
  ),
  scenario(
    'the handed-out card is changed before approving',
    'tamper',
    [{ action: 'tamper_card' }, approve()],
    1,
  ),
  scenario('an approval row for a URL with a token', `token?token=${URL_TOKEN}`, [approve()], 1),
  scenario('an approval row for a URL with the session key', `key?key=${SESSION_GEMINI_KEY}`, [approve()], 1),
  scenario('a denial row for a URL with a token', `token-deny?token=${URL_TOKEN}`, [deny()], 0),
  scenario('an approved download that fails', 'missing', [approve(undefined, refused('fetch_failed'))], 1),
  scenario(
    'unknown card ids',
    'unknown-ids',
    [
      { action: 'approve_unknown_card', cardId: 'nope', expected: UNKNOWN },
      { action: 'approve_unknown_card', cardId: '__proto__', expected: UNKNOWN },
      { action: 'approve_unknown_card', cardId: 'constructor', expected: UNKNOWN },
      { action: 'deny_unknown_card', cardId: 'toString', expected: UNKNOWN },
      { action: 'deny_unknown_card', cardId: SESSION_GEMINI_KEY, expected: UNKNOWN },
      { action: 'approve_unknown_card', cardId: 'x'.repeat(100_000), expected: UNKNOWN },
      approve(),
    ],
    1,
  ),
  scenario(
    '20 approvals in one tick',
    'race-20',
    [{ action: 'race', attempts: Array(20).fill('approve'), winners: 1 }],
    1,
  ),
  scenario(
    'approve and deny in one tick',
    'race-approve-deny',
    [{ action: 'race', attempts: ['approve', 'deny'], winners: 1 }],
    1,
  ),
  scenario(
    'deny and approve in one tick',
    'race-deny-approve',
    [{ action: 'race', attempts: ['deny', 'approve'], winners: 1 }],
    0,
  ),
  scenario(
    'ten other-session approvals then the owner, in one tick',
    'race-other',
    [{ action: 'race', attempts: [...Array(10).fill('approve_other'), 'approve'], winners: 1 }],
    1,
  ),
  scenario(
    '50 mixed decisions in one tick',
    'race-50',
    [
      {
        action: 'race',
        attempts: Array.from(
          { length: 50 },
          (_, index) => (['approve', 'deny', 'approve_other', 'deny_other'] as const)[index % 4]!,
        ),
        winners: 1,
      },
    ],
    1,
  ),
];
