import { describe, expect, it } from 'vitest';
import { EXAMPLE_SESSION, exampleRegistry } from './__fixtures__/example-tools';

async function propose(text = 'remember the sapsuckers') {
  const context = exampleRegistry();
  const outcome = await context.registry.call(
    'analyst',
    { id: 'w1', name: 'add_note', arguments: { text } },
    EXAMPLE_SESSION,
  );
  return { ...context, outcome, card: outcome.card! };
}

describe('write proposals', () => {
  it('a model call only proposes: a card with the exact arguments, digest and expiry, nothing executed', async () => {
    const { outcome, card, services, registry } = await propose();
    expect(outcome.envelope).toMatchObject({ ok: false, error: { code: 'proposed' } });
    expect(card).toMatchObject({
      tool: 'add_note',
      arguments: { text: 'remember the sapsuckers' },
      status: 'pending',
      expires_at: '2026-11-30T12:10:00.000Z',
    });
    expect(card.digest).toMatch(/^[0-9a-f]{64}$/);
    expect(services.executed).toEqual([]);
    expect(registry.pendingApprovals(EXAMPLE_SESSION)).toEqual([card]);
  });

  it('approve runs exactly the proposed arguments once; a replay is refused', async () => {
    const { card, registry, services } = await propose();
    const approved = await registry.approve(card.id, { text: 'remember the sapsuckers' }, EXAMPLE_SESSION);
    expect(approved.envelope).toMatchObject({ ok: true, data: { added: 'remember the sapsuckers' } });
    const replay = await registry.approve(card.id, { text: 'remember the sapsuckers' }, EXAMPLE_SESSION);
    expect(replay.envelope).toMatchObject({ ok: false, error: { code: 'approval_used' } });
    expect(services.executed).toEqual([{ text: 'remember the sapsuckers' }]);
  });

  it('edited arguments are refused and nothing runs', async () => {
    const { card, registry, services } = await propose();
    const edited = await registry.approve(card.id, { text: 'drop everything' }, EXAMPLE_SESSION);
    expect(edited.envelope).toMatchObject({ ok: false, error: { code: 'approval_mismatch' } });
    expect(services.executed).toEqual([]);
  });

  it('an expired card is refused', async () => {
    const { card, registry, services, advance } = await propose();
    advance(10 * 60_000 + 1);
    const late = await registry.approve(card.id, card.arguments, EXAMPLE_SESSION);
    expect(late.envelope).toMatchObject({ ok: false, error: { code: 'approval_expired' } });
    expect(services.executed).toEqual([]);
  });

  it('a card cannot be approved from another session', async () => {
    const { card, registry, services } = await propose();
    const foreign = await registry.approve(card.id, card.arguments, { id: 'other', datasets: ['weekly'] });
    expect(foreign.envelope).toMatchObject({ ok: false, error: { code: 'approval_unknown' } });
    expect(services.executed).toEqual([]);
  });

  it('deny records a denial and the card can no longer be approved', async () => {
    const { card, registry, services } = await propose();
    expect(registry.deny(card.id, EXAMPLE_SESSION).envelope).toMatchObject({
      ok: false,
      error: { code: 'denied' },
    });
    expect((await registry.approve(card.id, card.arguments, EXAMPLE_SESSION)).envelope).toMatchObject({
      error: { code: 'approval_used' },
    });
    expect(services.executed).toEqual([]);
  });

  it('every decision is audited with its card id', async () => {
    const { card, registry } = await propose();
    await registry.approve(card.id, { text: 'edited' }, EXAMPLE_SESSION);
    await registry.approve(card.id, card.arguments, EXAMPLE_SESSION);
    await registry.approve(card.id, card.arguments, EXAMPLE_SESSION);
    registry.deny(card.id, EXAMPLE_SESSION);
    expect(
      registry.audit
        .entries()
        .map((entry) => [entry.agent, entry.outcome, entry.code ?? null, entry.card_id ?? null]),
    ).toEqual([
      ['analyst', 'proposed', 'proposed', null],
      ['person', 'refused', 'approval_mismatch', card.id],
      ['person', 'approved', null, card.id],
      ['person', 'refused', 'approval_used', card.id],
      ['person', 'refused', 'approval_used', card.id],
    ]);
  });
});
