import { expect } from 'vitest';
import { isEngineError } from '../../src/engine';

/** The EngineError a call rejects with; the test fails when it resolves or throws anything else. */
export async function engineFailure(promise: Promise<unknown>): Promise<{ code: string; message: string }> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(isEngineError(error), `expected an EngineError, got ${String(error)}`).toBe(true);
  return error as { code: string; message: string };
}
