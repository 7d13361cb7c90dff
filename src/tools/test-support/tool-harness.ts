import { createNodeEngine } from '../../engine/node-engine';
import type { Engine } from '../../engine';
import type { CallOutcome, Registry, Session } from '../../registry';
import { createPerchRegistry } from '../index';
import type { ToolServices } from '../define-tool';

/** Test support (Node only): the real engine over a data folder and the Perch registry over it. */
export interface ToolHarness {
  engine: Engine;
  registry: Registry;
  session: Session;
  call(name: string, args: unknown, session?: Session): Promise<CallOutcome>;
  /** `call` that must succeed; returns the data. */
  data<T = Record<string, any>>(name: string, args: unknown): Promise<T>;
  close(): Promise<void>;
}

export async function openHarness(dataDir: string, extra: Partial<ToolServices> = {}): Promise<ToolHarness> {
  const engine = await createNodeEngine({ dataDir });
  const registry = createPerchRegistry({ engine, ...extra });
  const session: Session = {
    id: `test-${Math.random().toString(36).slice(2)}`,
    datasets: Object.keys(engine.catalog.tables),
  };
  let counter = 0;
  const call = (name: string, args: unknown, callSession = session) =>
    registry.call('offline', { id: `c${++counter}`, name, arguments: args }, callSession);
  return {
    engine,
    registry,
    session,
    call,
    async data(name, args) {
      const outcome = await call(name, args);
      if (!outcome.envelope.ok) throw new Error(`${name} failed: ${JSON.stringify(outcome.envelope.error)}`);
      return outcome.envelope.data as never;
    },
    close: () => engine.close(),
  };
}

/** The real example build, or null with the reason printed (the test then skips). */
export function exampleData(): string | null {
  const dir = process.env.PERCH_TEST_DATA;
  if (!dir)
    console.warn(
      '[tools] skipping real-data tests: PERCH_TEST_DATA is unset (test/global-setup.ts builds the example from ../shared/data/ebirdst-example)',
    );
  return dir ?? null;
}

/** Relative difference within 1%, or absolute within 1e-6 (public.json tolerance). */
export function close(actual: number, expected: number): boolean {
  return Math.abs(actual - expected) <= Math.max(1e-6, Math.abs(expected) * 0.01);
}
