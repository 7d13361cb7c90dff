import { describe, expect, it } from 'vitest';
import type { MapLayerPayload } from '../payloads';
import { type HoldScheduler, holdUntilAnswer } from './draw-after-answer';

/** A scheduler the test steps by hand: frames and timers run only when told. */
function manualScheduler() {
  const frames: (() => void)[] = [];
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const scheduler: HoldScheduler = {
    afterNextFrame: (run) => frames.push(run),
    after: (ms, run) => {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
  };
  return {
    scheduler,
    paintFrame: () => {
      for (const run of frames.splice(0)) run();
    },
    fireTimers: () => {
      for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
    },
    pendingTimers: () => timers.filter((timer) => !timer.cancelled).map((timer) => timer.ms),
  };
}

/** What the page holds: a turn's map layer (create-app.ts). */
interface HeldLayer {
  turnId: string;
  payload: MapLayerPayload;
}
const layer = (turnId: string, id: string): HeldLayer => ({
  turnId,
  payload: { kind: 'map-layer', id } as MapLayerPayload,
});

describe('holdUntilAnswer', () => {
  it('draws a turn’s layers only after its end and one painted frame, in the order they came', async () => {
    const drawnIds: string[] = [];
    const clock = manualScheduler();
    const hold = holdUntilAnswer<HeldLayer>(
      ({ turnId, payload }) => drawnIds.push(`${turnId}:${payload.id}`),
      300,
      clock.scheduler,
    );
    hold.add(layer('t1', 'a'));
    hold.add(layer('t1', 'b'));
    expect(drawnIds).toEqual([]);
    let settled = false;
    const drawn = hold.drawn().then(() => {
      settled = true;
    });
    hold.release();
    expect(drawnIds).toEqual([]); // the answer's frame first
    clock.paintFrame();
    expect(drawnIds).toEqual(['t1:a', 't1:b']);
    await drawn;
    expect(settled).toBe(true);
    // The long-turn timer was cancelled by the draw: nothing is drawn twice.
    clock.fireTimers();
    expect(drawnIds).toEqual(['t1:a', 't1:b']);
  });

  it('a turn that runs on (a model’s several steps) draws its layers after the longest hold', () => {
    const drawnIds: string[] = [];
    const clock = manualScheduler();
    const hold = holdUntilAnswer<HeldLayer>(({ payload }) => drawnIds.push(payload.id), 300, clock.scheduler);
    hold.add(layer('t1', 'a'));
    hold.add(layer('t1', 'b'));
    expect(clock.pendingTimers()).toEqual([300]); // one timer for the batch, not one per layer
    clock.fireTimers();
    expect(drawnIds).toEqual(['a', 'b']);
    hold.release(); // nothing held: no frame wait
    clock.paintFrame();
    expect(drawnIds).toEqual(['a', 'b']);
  });

  it('a new turn draws the last one’s held layers at once, before its own', () => {
    const drawnIds: string[] = [];
    const clock = manualScheduler();
    const hold = holdUntilAnswer<HeldLayer>(({ turnId }) => drawnIds.push(turnId), 300, clock.scheduler);
    hold.add(layer('t1', 'a'));
    hold.release();
    hold.flush(); // the next question was asked before the frame
    expect(drawnIds).toEqual(['t1']);
    hold.add(layer('t2', 'b'));
    clock.paintFrame(); // t1's frame wait ends: t2's layer may go early, never twice
    clock.paintFrame();
    hold.release();
    clock.paintFrame();
    expect(drawnIds.filter((turn) => turn === 't1')).toHaveLength(1);
    expect(drawnIds.filter((turn) => turn === 't2')).toHaveLength(1);
  });

  it('drawn() resolves at once when nothing is held', async () => {
    const hold = holdUntilAnswer<HeldLayer>(() => {}, 300, manualScheduler().scheduler);
    await expect(hold.drawn()).resolves.toBeUndefined();
  });
});
