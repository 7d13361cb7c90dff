import { afterEach, describe, expect, it } from 'vitest';
import { MessageChannel, type MessagePort } from 'node:worker_threads';
import { createAgentHost, type WorkerLike } from './host';
import type { WorkerRequest, WorkerResponse } from './protocol';

/** The host on one end of a real MessageChannel; the test plays the worker on the other end. */
function linkedHost() {
  const channel = new MessageChannel();
  const received: WorkerRequest[] = [];
  const worker = channel.port1 as unknown as MessagePort;
  const errorListeners: (() => void)[] = [];
  const like: WorkerLike = {
    postMessage: (message, transfer) => worker.postMessage(message, transfer as never),
    addEventListener: ((type: string, listener: (event: MessageEvent) => void) => {
      if (type === 'message') worker.on('message', (data) => listener({ data } as MessageEvent));
      else errorListeners.push(() => listener(new Event(type) as MessageEvent));
    }) as WorkerLike['addEventListener'],
    terminate: () => worker.close(),
  };
  const side = channel.port2;
  side.on('message', (message: WorkerRequest) => received.push(message));
  const send = (message: WorkerResponse | Record<string, unknown>) => side.postMessage(message);
  const nextRequest = () => new Promise<WorkerRequest>((resolve) => side.once('message', resolve));
  ports.push(channel.port1, channel.port2);
  return {
    host: createAgentHost(like),
    received,
    send,
    nextRequest,
    crash: () => {
      for (const fire of errorListeners) fire();
    },
  };
}

const ports: MessagePort[] = [];
afterEach(() => {
  for (const port of ports.splice(0)) port.close();
});

describe('createAgentHost', () => {
  it('request sends {id, type, ...body} and resolves with the matching result', async () => {
    const { host, send, nextRequest } = linkedHost();
    const answer = host.request('ask', { turnId: 't1', question: 'When?', model: { kind: 'offline' } });
    const request = await nextRequest();
    expect(request).toEqual({
      id: 1,
      type: 'ask',
      turnId: 't1',
      question: 'When?',
      model: { kind: 'offline' },
    });
    send({ type: 'result', requestId: request.id, result: { turnId: 't1' } });
    await expect(answer).resolves.toEqual({ turnId: 't1' });
  });

  it('request rejects with the worker error code and message', async () => {
    const { host, send, nextRequest } = linkedHost();
    const answer = host.request('stop', { turnId: 't1' });
    const request = await nextRequest();
    send({
      type: 'error',
      requestId: request.id,
      error: { name: 'Error', code: 'turn_unknown', message: 'turn_unknown: no turn t1' },
    });
    await expect(answer).rejects.toMatchObject({ code: 'turn_unknown', message: 'turn_unknown: no turn t1' });
  });

  it('a response of an unexpected type rejects the pending request', async () => {
    const { host, send, nextRequest } = linkedHost();
    const answer = host.request('audit-list', {});
    const request = await nextRequest();
    send({ type: 'surprise', requestId: request.id });
    await expect(answer).rejects.toMatchObject({ code: 'protocol_unexpected_response' });
  });

  it('fatal rejects every pending request and every later send', async () => {
    const { host, send, nextRequest } = linkedHost();
    const first = host.request('basemap', {});
    await nextRequest();
    const second = host.request('audit-list', {});
    await nextRequest();
    send({
      type: 'fatal',
      error: { name: 'Error', code: 'engine_crashed', message: 'engine_crashed: wasm trap' },
    });
    await expect(first).rejects.toMatchObject({ code: 'engine_crashed' });
    await expect(second).rejects.toMatchObject({ code: 'engine_crashed' });
    await expect(host.request('audit-list', {})).rejects.toMatchObject({ code: 'worker_unavailable' });
  });

  it('a worker load error rejects pending requests', async () => {
    const { host, nextRequest, crash } = linkedHost();
    const answer = host.request('init', { dataUrl: 'data/' });
    await nextRequest();
    crash();
    await expect(answer).rejects.toMatchObject({ code: 'worker_failed' });
  });

  it('agent events and pushes reach their own listeners, and unsubscribe stops them', async () => {
    const { host, send } = linkedHost();
    const events: string[] = [];
    const pushes: string[] = [];
    const stop = host.onAgentEvent((event) => events.push(event.type));
    host.onPush((message) => pushes.push(message.type));
    send({
      type: 'agent-event',
      event: { type: 'turn-start', turnId: 't', question: 'q', modelId: 'offline' },
    });
    send({
      type: 'engine-progress',
      stage: 'table-load',
      table: 'weekly',
      bytes: 10,
      rows: 2,
      message: 'loading',
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    stop();
    send({
      type: 'agent-event',
      event: {
        type: 'turn-end',
        turnId: 't',
        summary: { question: 'q', answer: '', modelId: 'offline', calls: [], provenance: [], steps: 0 },
      },
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(events).toEqual(['turn-start']);
    expect(pushes).toEqual(['engine-progress']);
  });

  it('close rejects pending requests and later sends', async () => {
    const { host, nextRequest } = linkedHost();
    const answer = host.request('basemap', {});
    await nextRequest();
    host.close();
    await expect(answer).rejects.toMatchObject({ code: 'worker_closed' });
    await expect(host.request('basemap', {})).rejects.toMatchObject({ code: 'worker_unavailable' });
  });
});
