/**
 * The page's CSP `connect-src`, enforced again inside the agent worker. Measured in Chromium 156
 * (test/browser/csp-image.test.ts, offline work): a module worker loaded from our origin is not
 * governed by the page's meta-tag CSP — `fetch('https://example.invalid/x')` left the worker with
 * no violation — and GitHub Pages cannot send a CSP header. So every fetch the worker makes
 * (models, data, add_dataset_from_url) passes this check first.
 */
export function isAllowedConnection(url: string, selfOrigin: string, sources: readonly string[]): boolean {
  let target: URL;
  try {
    target = new URL(url, selfOrigin);
  } catch {
    return false;
  }
  if (target.origin === selfOrigin) return true;
  return sources.some((source) => matchesSource(target, source));
}

/** `https://host`, `http://host:*`, `https://*.host` — the origin forms csp-plugin.ts accepts. */
function matchesSource(target: URL, source: string): boolean {
  const match = /^(https?):\/\/(\*\.)?([^:/]+)(?::(\d+|\*))?$/i.exec(source);
  if (!match) return false;
  const [, scheme, wildcard, host, port] = match;
  if (target.protocol !== `${scheme!.toLowerCase()}:`) return false;
  const hostMatches = wildcard
    ? target.hostname.endsWith(`.${host!.toLowerCase()}`)
    : target.hostname === host!.toLowerCase();
  const defaultPort = target.protocol === 'https:' ? '443' : '80';
  const portMatches = port === '*' || (port ?? defaultPort) === (target.port || defaultPort);
  return hostMatches && portMatches;
}

/** A fetch that refuses connections outside the policy, saying which sources are allowed. */
export function guardFetch(
  fetchImpl: typeof fetch,
  selfOrigin: string,
  sources: readonly string[],
): typeof fetch {
  return (input, init) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!isAllowedConnection(url, selfOrigin, sources)) {
      const origin = (() => {
        try {
          return new URL(url, selfOrigin).origin;
        } catch {
          return url;
        }
      })();
      return Promise.reject(
        Object.assign(
          new TypeError(
            `connect_blocked: this site does not allow connections to ${origin}. Allowed: this site, ${sources.join(', ')}. A site owner can add origins with PERCH_CONNECT_SRC.`,
          ),
          { code: 'connect_blocked' },
        ),
      );
    }
    return fetchImpl(input, init);
  };
}
