/**
 * Most redirects a dataset download follows. A file moved once or twice (http → https, an old
 * path, a CDN) needs 1–3 hops; more is a loop or a chain hiding where the bytes come from.
 */
export const MAX_REDIRECTS = 5;

const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);

export interface CheckedResponse {
  response: Response;
  /** The URL that answered (the last hop), after every redirect was checked. */
  url: string;
  /** Every URL requested, first to last. */
  hops: string[];
}

/**
 * GET `url` following redirects one hop at a time (`redirect: 'manual'`), each hop through
 * `fetchImpl`, so the connection policy that guards the first request guards every later one
 * (with `redirect: 'follow'` a guard sees only the first URL). Throws, with a message that names
 * the hop, on a refused hop, a redirect with no Location, a non-http(s) target, more than
 * `MAX_REDIRECTS` hops, or a browser's opaque redirect (it hides the target, so none is followed).
 */
export async function fetchCheckingRedirects(
  fetchImpl: typeof fetch,
  url: string,
  signal: AbortSignal,
): Promise<CheckedResponse> {
  const hops = [url];
  for (;;) {
    const current = hops[hops.length - 1]!;
    const response = await fetchHop(fetchImpl, current, hops, signal);
    if (response.type === 'opaqueredirect')
      throw new Error(
        `${current} answered with a redirect, and a browser does not say where to, so it cannot be checked against the hosts this site allows and is not followed; give the file's final URL`,
      );
    if (!REDIRECT_STATUSES.has(response.status)) return { response, url: current, hops };
    await response.body?.cancel().catch(() => {});
    const next = redirectTarget(current, response);
    if (hops.length > MAX_REDIRECTS)
      throw new Error(`${url} redirected more than ${MAX_REDIRECTS} times; nothing was downloaded`);
    hops.push(next);
  }
}

async function fetchHop(
  fetchImpl: typeof fetch,
  url: string,
  hops: readonly string[],
  signal: AbortSignal,
): Promise<Response> {
  try {
    return await fetchImpl(url, { signal, redirect: 'manual' });
  } catch (error) {
    if (hops.length === 1) throw error;
    const reason = error instanceof Error ? error.message : String(error);
    throw new Error(`${hops[hops.length - 2]} redirected to ${url}, which was refused: ${reason}`);
  }
}

/** The absolute http(s) URL a redirect points to (Location may be relative). */
function redirectTarget(from: string, response: Response): string {
  const location = response.headers.get('location');
  if (location === null) throw new Error(`${from} answered HTTP ${response.status} with no Location`);
  let target: URL;
  try {
    target = new URL(location, from);
  } catch {
    throw new Error(`${from} redirected to an unreadable address`);
  }
  if (target.protocol !== 'http:' && target.protocol !== 'https:')
    throw new Error(`${from} redirected to a ${target.protocol} address, which is never fetched`);
  return target.href;
}
