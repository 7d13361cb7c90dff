import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ApprovalCard,
  type AuditEntry,
  type CallOutcome,
  DEFAULT_CALL_LIMITS,
  serialize,
  type ToolEnvelope,
} from '../../src/registry';
import { AUDIT_ROW_BYTES } from '../../src/registry/audit-log';
import { byteLength } from '../../src/registry/byte-length';
import { exampleData } from '../../src/tools/test-support/tool-harness';
import {
  APPROVAL_CASES,
  type ApprovalCase,
  BIND_BOMB_CASES,
  type BombCase,
  CALL_CASES,
  type CallCase,
  CATEGORIES,
  type Category,
  type Expectation,
  PLANTED,
  PRIVATE_MARKER,
  RED_TEAM_CORPUS,
} from './corpus';
import { type ApprovedArguments, sqlThroughTool } from './corpus/corpus-case';
import { openWorld, type RedTeamWorld } from './red-team-world';

/**
 * The registry-level red-team corpus (issue 13): every case goes through `registry.call` (or
 * `approve`/`deny`) on the real engine over the real example. For every call the runner checks
 * the expected code, exactly one audit row that agrees with the envelope, the envelope's size
 * against the model's budget, the audit row's size against AUDIT_ROW_LIMIT_BYTES, and that no
 * planted secret, private value or host path reaches an envelope (secrets: nor an audit row).
 */

const BUDGET_BYTES = DEFAULT_CALL_LIMITS.resultBytes;
/** The registry's cap on one audit row (the red team found a 5 MB argument stored verbatim). */
const AUDIT_ROW_LIMIT_BYTES = AUDIT_ROW_BYTES;
/** Short, so 20-odd bombs fit the run; the bomb must answer within it (plus the margin below). */
const BOMB_DEADLINE_MS = 1_000;
/** Scheduling slack for a deadline on a 2-core machine shared with other test files. */
const DEADLINE_MARGIN_MS = 2_500;
/** Issue 13: after a bomb, the next call answers within 20 s. */
const NEXT_CALL_MS = 20_000;

const dataDir = exampleData();
const failures: { category: Category; name: string; problems: string[] }[] = [];
let callCounter = 0;

type Observed = { envelope: ToolEnvelope; rows: readonly AuditEntry[] };

/** Every property a call must have, as a list of problems (empty when it held). */
function problemsOf(observed: Observed, expected: Expectation | null, hostPath: string): string[] {
  const problems: string[] = [];
  const { envelope, rows } = observed;
  const code = envelope.ok ? undefined : envelope.error.code;
  if (expected) {
    const codes = expected.ok === true ? [] : expected.codes;
    const passed =
      (envelope.ok && expected.ok !== false) ||
      (!envelope.ok && expected.ok !== true && codes.includes(code!));
    if (!passed) {
      const wanted =
        expected.ok === true ? 'ok' : `${expected.ok === 'either' ? 'ok or ' : ''}${codes.join('|')}`;
      const got = envelope.ok ? 'ok' : `${code}: ${envelope.error.message.slice(0, 300)}`;
      problems.push(`expected ${wanted}, got ${got}`);
    }
  }
  if (rows.length !== 1) problems.push(`expected exactly one audit row, got ${rows.length}`);
  const row = rows[rows.length - 1];
  if (row && row.code !== code)
    problems.push(`audit row code ${row.code} differs from envelope code ${code}`);
  const envelopeText = serialize(envelope);
  const envelopeBytes = byteLength(envelopeText);
  if (envelopeBytes > BUDGET_BYTES)
    problems.push(`envelope is ${envelopeBytes} bytes, over the ${BUDGET_BYTES}-byte budget`);
  for (const entry of rows) {
    let rowText: string;
    try {
      rowText = JSON.stringify(entry);
    } catch (error) {
      problems.push(`audit row cannot be written as JSON: ${(error as Error).message}`);
      continue;
    }
    const rowBytes = byteLength(rowText);
    if (rowBytes > AUDIT_ROW_LIMIT_BYTES)
      problems.push(`audit row is ${rowBytes} bytes, over ${AUDIT_ROW_LIMIT_BYTES}`);
    for (const secret of PLANTED)
      if (rowText.includes(secret)) problems.push(`audit row holds planted secret ${secret.slice(0, 8)}…`);
  }
  for (const secret of PLANTED)
    if (envelopeText.includes(secret)) problems.push(`envelope holds planted secret ${secret.slice(0, 8)}…`);
  if (envelopeText.includes(PRIVATE_MARKER))
    problems.push('envelope holds a value of a table outside the scope');
  if (envelopeText.includes(hostPath)) problems.push('envelope reveals the data folder path');
  if (({} as Record<string, unknown>).polluted !== undefined) problems.push('Object.prototype was polluted');
  return problems;
}

function record(category: Category, name: string, problems: string[]): void {
  if (problems.length > 0) failures.push({ category, name, problems });
  expect(problems, problems.join('\n')).toEqual([]);
}

async function observe(
  world: RedTeamWorld,
  run: () => Promise<CallOutcome> | CallOutcome,
): Promise<Observed & { outcome: CallOutcome }> {
  const before = world.audit().length;
  const outcome = await run();
  return { outcome, envelope: outcome.envelope, rows: world.audit().slice(before) };
}

function callOf(world: RedTeamWorld, item: CallCase) {
  return () =>
    world.registry.call(
      item.agent ?? 'gemini',
      {
        id: item.callId ?? `rt-${++callCounter}`,
        name: item.tool,
        arguments: item.arguments,
        ...(item.malformed !== undefined ? { malformed: item.malformed } : {}),
      },
      world.session(item.session ?? 'main'),
    );
}

const caseName = (item: { category: string; name: string }) => `[${item.category}] ${item.name}`;

describe('red-team corpus: its shape', () => {
  it('has at least 400 cases, 20 in every category, 60 legit, and unique names', () => {
    expect(RED_TEAM_CORPUS.length).toBeGreaterThanOrEqual(400);
    for (const category of CATEGORIES) {
      const count = RED_TEAM_CORPUS.filter((item) => item.category === category).length;
      expect(count, category).toBeGreaterThanOrEqual(category === 'legit' ? 60 : 20);
    }
    const names = RED_TEAM_CORPUS.map(caseName);
    expect(names.filter((name, index) => names.indexOf(name) !== index)).toEqual([]);
  });
});

describe.skipIf(!dataDir)('red-team corpus on the real example', () => {
  let world: RedTeamWorld;
  const printed: string[] = [];
  const restore: (() => void)[] = [];
  beforeAll(async () => {
    // DuckDB-WASM and the engine print through these; a secret must not reach them either.
    for (const stream of [process.stdout, process.stderr]) {
      const write = stream.write.bind(stream);
      stream.write = ((chunk: string | Uint8Array, ...rest: never[]) => {
        printed.push(String(chunk));
        return write(chunk, ...rest);
      }) as typeof stream.write;
      restore.push(() => (stream.write = write));
    }
    for (const method of ['log', 'info', 'warn', 'error', 'debug'] as const) {
      const original = console[method];
      console[method] = (...args: unknown[]) => {
        printed.push(args.map(String).join(' '));
        original(...args);
      };
      restore.push(() => (console[method] = original));
    }
    world = await openWorld(dataDir!);
  });
  afterAll(async () => {
    for (const undo of restore) undo();
    await world?.close();
  });

  it.each(CALL_CASES.map((item) => [caseName(item), item] as const))('%s', async (_, item) => {
    const observed = await observe(world, callOf(world, item));
    record(item.category, item.name, problemsOf(observed, item.expected, dataDir!));
  });

  it.each(APPROVAL_CASES.map((item, index) => [caseName(item), item, index] as const))(
    '%s',
    async (_, item, index) => {
      try {
        record(item.category, item.name, await runApproval(world, item, index));
      } finally {
        world.clock.reset();
      }
    },
  );

  it('no request ever reached a host named in an edited or tampered approval', () => {
    expect(world.fetched.filter((url) => url.includes('evil.example'))).toEqual([]);
  });

  it('no planted secret reached stdout, stderr or the console', () => {
    const text = printed.join('\n');
    expect(PLANTED.filter((secret) => text.includes(secret))).toEqual([]);
  });
});

describe.skipIf(!dataDir)('red-team corpus: bind- and run-phase bombs', () => {
  let world: RedTeamWorld;
  beforeAll(async () => {
    world = await openWorld(dataDir!);
  });
  afterAll(async () => world?.close());

  it.each(BIND_BOMB_CASES.map((item) => [caseName(item), item] as const))('%s', async (_, item) => {
    const problems = await runBomb(world, item);
    if (problems.some((problem) => problem.startsWith('next call'))) {
      // A wedged engine would fail every later bomb for this one's fault: start a fresh one.
      await world.close();
      world = await openWorld(dataDir!);
    }
    record(item.category, item.name, problems);
  });
});

afterAll(() => {
  if (failures.length === 0) return;
  const lines = failures.map(
    ({ category, name, problems }) => `  [${category}] ${name}: ${problems.join('; ')}`,
  );
  console.warn(`red-team corpus: ${failures.length} case(s) failed\n${lines.sort().join('\n')}`);
});

async function runBomb(world: RedTeamWorld, item: BombCase): Promise<string[]> {
  const main = world.session('main');
  const started = performance.now();
  const bomb = await observe(world, () =>
    world.registry.call(
      'gemini',
      {
        id: `rt-${++callCounter}`,
        name: item.tool,
        arguments: sqlThroughTool(item.tool, item.sql, item.name),
      },
      main,
      { timeoutMs: BOMB_DEADLINE_MS },
    ),
  );
  const elapsed = performance.now() - started;
  const problems = problemsOf(bomb, item.expected, dataDir!);
  if (elapsed > BOMB_DEADLINE_MS + DEADLINE_MARGIN_MS)
    problems.push(
      `the bomb answered after ${Math.round(elapsed)} ms, past its ${BOMB_DEADLINE_MS} ms deadline`,
    );
  const next = await observe(world, () =>
    world.registry.call(
      'gemini',
      {
        id: `rt-${++callCounter}`,
        name: 'run_sql',
        arguments: { sql: 'SELECT count(*) AS n FROM cells', purpose: 'next call' },
      },
      main,
      { timeoutMs: NEXT_CALL_MS },
    ),
  );
  problems.push(...problemsOf(next, { ok: true }, dataDir!).map((problem) => `next call: ${problem}`));
  return problems;
}

async function runApproval(world: RedTeamWorld, item: ApprovalCase, index: number): Promise<string[]> {
  const [path, query] = item.path.split('?');
  const url = `https://data.example/rt/${path}.csv${query ? `?${query}` : ''}`;
  const name = `rt_approval_${index}`;
  const main = world.session('main');
  const problems: string[] = [];
  const check = (observed: Observed, expected: Expectation | null, step: string) =>
    problems.push(...problemsOf(observed, expected, dataDir!).map((problem) => `${step}: ${problem}`));

  const proposal = await observe(world, () =>
    world.registry.call(
      'gemini',
      { id: `rt-${++callCounter}`, name: 'add_dataset_from_url', arguments: { url, name } },
      main,
    ),
  );
  check(proposal, { ok: false, codes: ['proposed'] }, 'propose');
  const card = proposal.outcome.card;
  if (!card) return [...problems, 'propose: no card'];
  if (world.fetched.includes(url)) problems.push('propose: the proposal already fetched the URL');

  const own = world.ownWithoutSecrets();
  const other = world.session('other');
  const decide = (kind: 'approve' | 'deny', who: 'own' | 'other', send: unknown = card.arguments) =>
    kind === 'approve'
      ? world.registry.approve(card.id, send, who === 'own' ? own : other)
      : world.registry.deny(card.id, who === 'own' ? own : other);

  for (const [stepIndex, step] of item.steps.entries()) {
    const label = `step ${stepIndex + 1} (${step.action})`;
    switch (step.action) {
      case 'approve':
        check(
          await observe(world, () => decide('approve', step.session, argumentsToSend(card, step.send))),
          step.expected,
          label,
        );
        break;
      case 'deny':
        check(await observe(world, () => decide('deny', step.session)), step.expected, label);
        break;
      case 'approve_unknown_card':
        check(
          await observe(world, () => world.registry.approve(step.cardId, card.arguments, own)),
          step.expected,
          label,
        );
        break;
      case 'deny_unknown_card':
        check(await observe(world, () => world.registry.deny(step.cardId, own)), step.expected, label);
        break;
      case 'expire':
        world.clock.advance(DEFAULT_CALL_LIMITS.approvalTtlMs + 1_000);
        break;
      case 'tamper_card':
        tamper(card);
        if (card.arguments.url !== url) problems.push(`${label}: the handed-out card changed`);
        break;
      case 'race': {
        const before = world.audit().length;
        const outcomes = await Promise.all(
          step.attempts.map((attempt) => {
            const [kind, who] = attempt.split('_') as ['approve' | 'deny', string | undefined];
            return Promise.resolve(decide(kind, who === 'other' ? 'other' : 'own'));
          }),
        );
        const rows = world.audit().slice(before);
        if (rows.length !== step.attempts.length)
          problems.push(`${label}: ${rows.length} audit rows for ${step.attempts.length} decisions`);
        const winners = outcomes.filter(
          (outcome) => outcome.envelope.ok || !outcome.envelope.error.code.startsWith('approval_'),
        );
        if (winners.length !== step.winners)
          problems.push(`${label}: ${winners.length} decisions won, expected ${step.winners}`);
        for (const outcome of outcomes)
          problems.push(
            ...problemsOf({ envelope: outcome.envelope, rows: [outcome.audit] }, null, dataDir!).map(
              (p) => `${label}: ${p}`,
            ),
          );
        if (!rows.some((row) => row.detail?.startsWith('won')))
          problems.push(`${label}: no audit row says which attempt won`);
        break;
      }
    }
  }
  const executions = world.fetched.filter((fetchedUrl) => fetchedUrl === url).length;
  if (executions !== item.executions)
    problems.push(`the download ran ${executions} time(s), expected ${item.executions}`);
  if (item.pendingAfter !== undefined) {
    const pending = world.registry.pendingApprovals(main).filter((waiting) => waiting.id === card.id).length;
    if (pending !== item.pendingAfter)
      problems.push(`${pending} pending card(s) afterwards, expected ${item.pendingAfter}`);
  }
  return problems;
}

function argumentsToSend(card: ApprovalCard, send: ApprovedArguments): unknown {
  const proposed = card.arguments as Record<string, unknown>;
  switch (send.kind) {
    case 'proposed':
      return proposed;
    case 'copy':
      return structuredClone(proposed);
    case 'reordered':
      return Object.fromEntries(Object.entries(proposed).reverse());
    case 'edited':
      return send.edit(structuredClone(proposed));
  }
}

/** Writes a card the way a careless host might; a frozen card throws or ignores it. */
function tamper(card: ApprovalCard): void {
  const writable = card as unknown as { arguments: Record<string, unknown>; id: string };
  for (const change of [
    () => (writable.arguments.url = 'https://evil.example/tampered.csv'),
    () => (writable.arguments.name = 'weekly'),
    () => (writable.id = 'tampered'),
  ]) {
    try {
      change();
    } catch {
      // frozen: the change is refused, which is the point
    }
  }
}
