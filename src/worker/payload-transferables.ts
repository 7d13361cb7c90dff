import type { Payload } from '../payloads';

/** The buffers of a payload, moved (not copied) to the page: a 1M-cell layer is ~40 MB of arrays. */
export function payloadTransferables(payload: Payload): Transferable[] {
  switch (payload.kind) {
    case 'map-layer':
      return unique([
        payload.coordinates.buffer,
        payload.values.buffer,
        payload.polygonStarts?.buffer,
        payload.times?.buffer,
        payload.uncertain?.buffer,
        payload.footprints?.buffer,
      ]);
    case 'data-table':
      return unique([payload.ipc]);
    case 'chart':
      return [];
  }
}

function unique(buffers: (ArrayBufferLike | undefined)[]): Transferable[] {
  return [...new Set(buffers.filter((buffer): buffer is ArrayBuffer => buffer instanceof ArrayBuffer))];
}
