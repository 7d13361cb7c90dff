import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { AuditEntry } from './audit-log';
import type { CallOutcome } from './call-tool';
import { createRegistry } from './create-registry';
import { defineToolFor } from './define-tool';
import type { Session } from './session';

/**
 * Red-team findings (issue 13): one approval ran twice, a deny in the same tick still ran,
 * another session's refused attempt consumed the card, and a mutated card changed what ran.
 */

interface RaceServices {
  executed: { target: string; tags: string[] }[];
}

const defineTool = defineToolFor<RaceServices>();

/** Awaits before and while running, so concurrent decisions arrive while it is in flight. */
const slowWrite = defineTool({
  name: 'slow_write',
  description: 'Writes `target` after a short wait. A person must approve it first.',
  scope: 'write',
  input: z.strictObject({ target: z.string(), tags: z.array(z.string()) }),
  output: z.strictObject({ wrote: z.string() }),
  propose: async (args) => {
    await new Promise((resolve) => setTimeout(resolve, 1));
    return { title: `Write ${args.target}`, effects: [`write ${args.target}`] };
  },
  execute: async (args, context) => {
    await new Promise((resolve) => setTimeout(resolve, 20));
    context.services.executed.push({ target: args.target, tags: [...args.tags] });
    return { wrote: args.target };
  },
});

const OWNER: Session = { id: 'owner', datasets: [], secrets: ['owner-secret-value'] };
const STRANGER: Session = { id: 'stranger', datasets: [] };

async function proposed(args: { target: string; tags: string[] } = { target: 'notes', tags: ['a'] }) {
  const services: RaceServices = { executed: [] };
  const registry = createRegistry<RaceServices>({
    tools: [slowWrite],
    agents: { analyst: ['slow_write'] },
    services,
  });
  const outcome = await registry.call('analyst', { id: 'w1', name: 'slow_write', arguments: args }, OWNER);
  expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'proposed' } });
  return { registry, services, card: outcome.card! };
}

/** Deterministic mixed order (a small LCG), so a failure names the same sequence every run. */
function mixedKinds(count: number, first: 'approve' | 'deny', seed = 13): ('approve' | 'deny')[] {
  let state = seed;
  const kinds: ('approve' | 'deny')[] = [first];
  while (kinds.length < count) {
    state = (state * 1_103_515_245 + 12_345) % 2 ** 31;
    kinds.push((state >> 16) % 2 === 0 ? 'approve' : 'deny');
  }
  return kinds;
}

function personRows(entries: readonly AuditEntry[], cardId: string) {
  return entries.filter((entry) => entry.agent === 'person' && entry.card_id === cardId);
}

describe('one card, many concurrent decisions', () => {
  for (const first of ['approve', 'deny'] as const) {
    it(`100 mixed approve/deny calls in one tick (first: ${first}) decide once; the audit names the winner; one row per call`, async () => {
      const { registry, services, card } = await proposed();
      const kinds = mixedKinds(100, first);
      expect(kinds.filter((kind) => kind === 'approve').length).toBeGreaterThan(20);
      expect(kinds.filter((kind) => kind === 'deny').length).toBeGreaterThan(20);
      const before = registry.audit.entries().length;

      const outcomes: CallOutcome[] = await Promise.all(
        kinds.map((kind) =>
          kind === 'approve'
            ? registry.approve(card.id, card.arguments, OWNER)
            : Promise.resolve(registry.deny(card.id, OWNER)),
        ),
      );

      expect(services.executed).toHaveLength(first === 'approve' ? 1 : 0);
      // The first call in the tick took the decision; every other one lost it.
      const [winner, ...losers] = outcomes;
      expect(winner!.audit.outcome).toBe(first === 'approve' ? 'approved' : 'denied');
      expect(winner!.audit.detail).toMatch(/^won: attempt 1 decided/);
      for (const loser of losers) {
        expect(loser.envelope).toMatchObject({ ok: false, error: { code: 'approval_used' } });
        expect(loser.audit).toMatchObject({ outcome: 'refused', code: 'approval_used', card_id: card.id });
        expect(loser.audit.detail).toMatch(new RegExp(`attempt 1 \\(${first}, session owner`));
      }
      // Exactly one row per call, and each call's row is the one in the log.
      const rows = personRows(registry.audit.entries(), card.id);
      expect(registry.audit.entries().length - before).toBe(100);
      expect(rows).toHaveLength(100);
      expect(new Set(outcomes.map((outcome) => outcome.audit)).size).toBe(100);
      for (const outcome of outcomes) expect(rows).toContain(outcome.audit);
      expect(rows.filter((row) => row.outcome === 'approved' || row.outcome === 'denied')).toEqual([
        winner!.audit,
      ]);
      expect(registry.pendingApprovals(OWNER)).toEqual([]);
    });
  }

  it('approve then deny in the same tick: the approval won, it ran once, and the deny says so (not "denied")', async () => {
    const { registry, services, card } = await proposed();
    const approving = registry.approve(card.id, card.arguments, OWNER);
    const denial = registry.deny(card.id, OWNER);
    expect(denial.audit.outcome).toBe('refused');
    expect(denial.envelope).toMatchObject({
      ok: false,
      error: { code: 'approval_used', message: expect.stringContaining('approv') },
    });
    expect((await approving).audit.outcome).toBe('approved');
    expect(services.executed).toHaveLength(1);
  });

  it('deny then approve in the same tick: nothing runs', async () => {
    const { registry, services, card } = await proposed();
    const denial = registry.deny(card.id, OWNER);
    const approving = await registry.approve(card.id, card.arguments, OWNER);
    expect(denial.audit.outcome).toBe('denied');
    expect(approving.envelope).toMatchObject({ ok: false, error: { code: 'approval_used' } });
    await new Promise((resolve) => setTimeout(resolve, 40));
    expect(services.executed).toEqual([]);
  });

  it('two concurrent approvals with the exact arguments run execute once', async () => {
    for (let trial = 0; trial < 3; trial += 1) {
      const { registry, services, card } = await proposed();
      const [a, b] = await Promise.all([
        registry.approve(card.id, card.arguments, OWNER),
        registry.approve(card.id, card.arguments, OWNER),
      ]);
      expect([a.audit.outcome, b.audit.outcome]).toEqual(['approved', 'refused']);
      expect(services.executed).toHaveLength(1);
    }
  });
});

describe('a card belongs to the session that proposed it', () => {
  it('another session cannot approve or deny it, and its refused attempts do not consume it', async () => {
    const { registry, services, card } = await proposed();
    const foreignApprove = await registry.approve(card.id, card.arguments, STRANGER);
    const foreignDeny = registry.deny(card.id, STRANGER);
    for (const foreign of [foreignApprove, foreignDeny]) {
      expect(foreign.envelope).toMatchObject({ ok: false, error: { code: 'approval_unknown' } });
      expect(foreign.audit).toMatchObject({ outcome: 'refused', session_id: 'stranger', card_id: card.id });
    }
    expect(services.executed).toEqual([]);
    expect(registry.pendingApprovals(OWNER).map((pending) => pending.id)).toEqual([card.id]);
    const owned = await registry.approve(card.id, card.arguments, OWNER);
    expect(owned.audit.outcome).toBe('approved');
    expect(services.executed).toHaveLength(1);
  });

  it('a stranger racing the owner in one tick neither wins nor blocks the owner', async () => {
    const { registry, services, card } = await proposed();
    const outcomes = await Promise.all([
      registry.approve(card.id, card.arguments, STRANGER),
      Promise.resolve(registry.deny(card.id, STRANGER)),
      registry.approve(card.id, card.arguments, OWNER),
    ]);
    expect(
      outcomes.map((outcome) => [
        outcome.audit.session_id,
        outcome.audit.outcome,
        outcome.audit.code ?? null,
      ]),
    ).toEqual([
      ['stranger', 'refused', 'approval_unknown'],
      ['stranger', 'refused', 'approval_unknown'],
      ['owner', 'approved', null],
    ]);
    expect(services.executed).toHaveLength(1);
  });

  it("pendingApprovals(session) lists only that session's cards", async () => {
    const { registry, card } = await proposed();
    const other = await registry.call(
      'analyst',
      { id: 'w2', name: 'slow_write', arguments: { target: 'theirs', tags: [] } },
      STRANGER,
    );
    expect(registry.pendingApprovals(OWNER).map((pending) => pending.id)).toEqual([card.id]);
    expect(registry.pendingApprovals(STRANGER).map((pending) => pending.id)).toEqual([other.card!.id]);
    expect(registry.pendingApprovals({ id: 'nobody', datasets: [] })).toEqual([]);
  });
});

describe('the stored card is a frozen copy', () => {
  it('mutating the returned card, its arguments or the caller’s arguments does not change what runs', async () => {
    const callerArgs = { target: 'notes', tags: ['a'] };
    const { registry, services, card } = await proposed(callerArgs);
    callerArgs.target = 'caller-changed';
    callerArgs.tags.push('caller-added');
    // Frozen: writes are refused (Reflect.set reports false rather than throwing).
    expect(Reflect.set(card.arguments, 'target', 'evil')).toBe(false);
    expect(Reflect.set(card.arguments.tags as string[], 0, 'evil')).toBe(false);
    expect(Reflect.set(card, 'status', 'approved')).toBe(false);
    const listed = registry.pendingApprovals(OWNER)[0]!;
    expect(Reflect.set(listed.arguments, 'target', 'evil')).toBe(false);
    // A copy a UI edits and sends back is an edited proposal: refused, and the card stays pending.
    const edited = { ...structuredClone(card.arguments), target: 'evil' };
    expect((await registry.approve(card.id, edited, OWNER)).envelope).toMatchObject({
      ok: false,
      error: { code: 'approval_mismatch' },
    });
    const approved = await registry.approve(card.id, { target: 'notes', tags: ['a'] }, OWNER);
    expect(approved.envelope).toMatchObject({ ok: true, data: { wrote: 'notes' } });
    expect(services.executed).toEqual([{ target: 'notes', tags: ['a'] }]);
  });
});

describe('approval rows are redacted with the proposing session’s secrets', () => {
  it('a secret known when the card was proposed never reaches an approval row, even if the approving session carries no secrets', async () => {
    const { registry, card } = await proposed({
      target: 'https://example.org/x.csv?token=owner-secret-value',
      tags: [],
    });
    expect(JSON.stringify(registry.audit.entries()[0])).not.toContain('owner-secret-value');
    const mismatch = await registry.approve(
      card.id,
      { target: 'https://example.org/y.csv?token=owner-secret-value', tags: [] },
      { ...OWNER, secrets: [] },
    );
    const approved = await registry.approve(card.id, card.arguments, { ...OWNER, secrets: [] });
    const replay = await registry.approve(card.id, card.arguments, { ...OWNER, secrets: [] });
    for (const outcome of [mismatch, approved, replay]) {
      expect(JSON.stringify(outcome.audit)).not.toContain('owner-secret-value');
      expect(JSON.stringify(outcome.audit)).toContain('[redacted]');
    }
    expect(approved.audit.outcome).toBe('approved');
  });
});
