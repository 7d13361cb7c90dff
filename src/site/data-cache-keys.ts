/**
 * How the service worker files data answers in the Cache API. Imported only by
 * service-worker.ts (and its test), so the bundler inlines it into sw.js.
 */

export interface ByteRange {
  start: number;
  /** Inclusive, as in the `Range` header. */
  end: number;
}

/** `bytes=START-END` only: the engine always asks for a closed range (http-data-source.ts). */
export function parseRange(header: string | null): ByteRange | undefined {
  const match = header ? /^bytes=(\d+)-(\d+)$/.exec(header.trim()) : null;
  if (!match) return undefined;
  const range = { start: Number(match[1]), end: Number(match[2]) };
  return range.end >= range.start ? range : undefined;
}

/**
 * The cache key of one range of a file. A query parameter, not a `#fragment`: the Cache API
 * ignores fragments when it matches, so `file#bytes=0-9` and `file` would be one entry and a
 * cached slice would be served as the whole file.
 */
export function rangeKey(url: string, range: ByteRange): string {
  const key = new URL(url);
  key.hash = '';
  key.searchParams.set('perch-bytes', `${range.start}-${range.end}`);
  return key.href;
}

/**
 * A 206 answer for `range` cut from the whole file. A Blob, not an ArrayBuffer: a cached
 * response's blob is a handle on the stored bytes, so a slice reads only its range. Reading the
 * whole file for every range cost 20–90 ms per read of the 1.5 MB regions file on a second visit
 * (page trace, 2026-12-07).
 */
export function sliceAnswer(file: Blob, range: ByteRange, contentType: string): Response {
  const end = Math.min(range.end, file.size - 1);
  if (range.start > end)
    return new Response(null, { status: 416, headers: { 'content-range': `bytes */${file.size}` } });
  return new Response(file.slice(range.start, end + 1), {
    status: 206,
    headers: {
      'content-type': contentType,
      'content-range': `bytes ${range.start}-${end}/${file.size}`,
      'content-length': String(end - range.start + 1),
      'accept-ranges': 'bytes',
    },
  });
}

/**
 * Cache.put refuses 206 responses, so a range answer is stored as a 200 holding the slice and
 * its original Content-Range; this turns it back into the 206 the engine expects.
 */
export function storedRangeAnswer(bytes: Blob, headers: Headers): Response {
  return new Response(bytes, {
    status: 206,
    headers: {
      'content-type': headers.get('content-type') ?? 'application/octet-stream',
      'content-range': headers.get('content-range') ?? `bytes 0-${bytes.size - 1}/*`,
      'content-length': String(bytes.size),
      'accept-ranges': 'bytes',
    },
  });
}
