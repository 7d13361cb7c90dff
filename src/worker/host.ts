import type { AgentEvent } from '../agent';
import type { WorkerErrorData, WorkerRequest, WorkerResponse, WorkerResults } from './protocol';

/** Push messages (no request id) the page listens to. */
export type WorkerPush = Exclude<WorkerResponse, { type: 'result' } | { type: 'error' }>;

/** The part of a `Worker` the host uses, so tests can connect it to a `MessagePort`. */
export interface WorkerLike {
  postMessage(message: unknown, transfer: Transferable[]): void;
  addEventListener(type: 'message', listener: (event: MessageEvent) => void): void;
  addEventListener(type: 'error' | 'messageerror', listener: (event: Event) => void): void;
  terminate?(): void;
}

type RequestBody<T extends keyof WorkerResults> = Omit<Extract<WorkerRequest, { type: T }>, 'id' | 'type'>;

/** The page's view of the agent worker. `ui/` depends on this interface only, never on `Worker`. */
export interface AgentHost {
  request<T extends keyof WorkerResults>(
    type: T,
    body: RequestBody<T>,
    transfer?: Transferable[],
  ): Promise<WorkerResults[T]>;
  onAgentEvent(listener: (event: AgentEvent) => void): () => void;
  onPush(listener: (message: WorkerPush) => void): () => void;
  close(): void;
}

/** An error that came back from the worker (or the host itself), checked by `code`, not class. */
export class WorkerRequestError extends Error {
  readonly code: string;
  constructor(data: WorkerErrorData) {
    super(data.message);
    this.name = data.name || 'WorkerRequestError';
    this.code = data.code;
  }
}

interface Pending {
  type: keyof WorkerResults;
  resolve(value: unknown): void;
  reject(error: Error): void;
}

/**
 * The main-thread client (STYLE.md guideline 7, duckdb-wasm's lessons): a `Map<id, Pending>`
 * that rejects (1) a response of an unexpected type, (2) every pending request when the worker
 * reports `fatal` or fails to load, and (3) any send after that or after `close()`.
 */
export function createAgentHost(worker: WorkerLike): AgentHost {
  const pending = new Map<number, Pending>();
  const eventListeners = new Set<(event: AgentEvent) => void>();
  const pushListeners = new Set<(message: WorkerPush) => void>();
  let nextId = 1;
  let dead: WorkerErrorData | undefined;

  const failAll = (error: WorkerErrorData) => {
    dead = error;
    for (const entry of pending.values()) entry.reject(new WorkerRequestError(error));
    pending.clear();
  };

  worker.addEventListener('message', (event: MessageEvent) => {
    const message = event.data as WorkerResponse;
    if (message.type === 'result' || message.type === 'error') {
      const entry = pending.get(message.requestId);
      if (!entry) return; // an answer to a request the page already gave up on
      pending.delete(message.requestId);
      if (message.type === 'result') entry.resolve(message.result);
      else entry.reject(new WorkerRequestError(message.error));
      return;
    }
    if (message.type === 'agent-event') {
      for (const listener of eventListeners) listener(message.event);
      return;
    }
    if (message.type === 'fatal') failAll(message.error);
    else if (!isPush(message)) {
      const requestId = (message as { requestId?: unknown }).requestId;
      const entry = typeof requestId === 'number' ? pending.get(requestId) : undefined;
      if (entry && typeof requestId === 'number') {
        pending.delete(requestId);
        entry.reject(
          new WorkerRequestError({
            name: 'ProtocolError',
            code: 'protocol_unexpected_response',
            message: `protocol_unexpected_response: unexpected response type '${String((message as { type?: unknown }).type)}' to '${entry.type}'. Reload the page.`,
          }),
        );
      }
      return;
    }
    for (const listener of pushListeners) listener(message);
  });
  const onFailure = (reason: string) => () =>
    failAll({
      name: 'WorkerError',
      code: 'worker_failed',
      message: `worker_failed: the agent worker ${reason}. Reload the page.`,
    });
  worker.addEventListener('error', onFailure('failed to load or crashed'));
  worker.addEventListener('messageerror', onFailure('sent a message that could not be read'));

  return {
    request(type, body, transfer = []) {
      if (dead)
        return Promise.reject(
          new WorkerRequestError({
            name: 'WorkerError',
            code: 'worker_unavailable',
            message: `worker_unavailable: no agent worker to send '${type}' to (${dead.message}). Reload the page.`,
          }),
        );
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { type, resolve: resolve as (value: unknown) => void, reject });
        try {
          worker.postMessage({ ...body, id, type }, transfer);
        } catch (error) {
          pending.delete(id);
          reject(
            new WorkerRequestError({
              name: 'WorkerError',
              code: 'worker_post_failed',
              message: `worker_post_failed: could not send '${type}': ${error instanceof Error ? error.message : String(error)}. Reload the page.`,
            }),
          );
        }
      });
    },
    onAgentEvent(listener) {
      eventListeners.add(listener);
      return () => eventListeners.delete(listener);
    },
    onPush(listener) {
      pushListeners.add(listener);
      return () => pushListeners.delete(listener);
    },
    close() {
      worker.terminate?.();
      failAll({
        name: 'WorkerError',
        code: 'worker_closed',
        message: 'worker_closed: the agent worker was closed',
      });
    },
  };
}

function isPush(message: { type: string }): message is WorkerPush {
  return (
    message.type === 'engine-progress' ||
    message.type === 'approval-list' ||
    message.type === 'log' ||
    message.type === 'fatal'
  );
}

/** Starts the real agent worker (browser only). `entry.ts` is the worker's thin bootstrap. */
export function startAgentHost(): AgentHost {
  return createAgentHost(new Worker(new URL('./entry.ts', import.meta.url), { type: 'module' }));
}
