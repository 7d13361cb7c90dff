import { toModelValue } from './serialize';

/** Object keys whose values are secrets wherever they appear. */
const SECRET_KEY_PATTERN =
  /(api[_-]?key|apikey|token|secret|password|passwd|authorization|credential|bearer|signature|private[_-]?key|access[_-]?key|^auth$|^sig$)/i;

export const REDACTED = '[redacted]';

/** Known secrets shorter than this are not searched for: a 3-letter "key" would redact ordinary words. */
const MIN_SECRET_LENGTH = 4;

/** Query parameter names whose values are credentials (`?token=…`, `&X-Amz-Signature=…`), any case. */
const SECRET_PARAMETER =
  /([?&;#](?:[\w.-]*[_.-])?(?:token|key|api_?key|apikey|access_?token|secret|signature|sig|password|passwd|pwd|auth|credential|credentials)=)[^&#\s"'<>\\]+/gi;

/**
 * Shapes of credentials, redacted even when the session never told us about them. Each was
 * chosen from the issuer's documented format: Google API keys are `AIza` + 35 characters,
 * GitHub tokens `ghp_`/`gho_`/… + 36, fine-grained `github_pat_…`, AWS access key ids
 * `AKIA`/`ASIA` + 16 upper-case characters, JWTs three base64url parts of which the first two
 * start `eyJ` (`{"`).
 */
export const SECRET_SHAPES: readonly [RegExp, string][] = [
  [SECRET_PARAMETER, `$1${REDACTED}`],
  // `Authorization: Bearer abc…`, `Authorization: Basic …`, and a bare `Bearer abc…` (12+ characters, so prose is left alone).
  [/\b(authorization["']?\s*[:=]\s*["']?)(?:(?:bearer|basic|token|digest)\s+)?[^\s"',;]+/gi, `$1${REDACTED}`],
  [/\b(bearer)(\s+)[A-Za-z0-9._~+/=-]{12,}/gi, `$1$2${REDACTED}`],
  // `user:password@host` in a URL.
  [/(\b[a-z][a-z0-9+.-]*:\/\/)[^/\s:@"']+:[^/\s@"']+@/gi, `$1${REDACTED}@`],
  // `api_key = "…"`, `"secret": "…"`, `token: …` in free text, when the value is token-like (16+ characters).
  [
    /\b((?:[\w-]*[_-])?(?:api_?key|apikey|key|token|secret|password|passwd|signature|credential)["']?\s*[:=]\s*["']?)[A-Za-z0-9+/_.~=-]{16,}/gi,
    `$1${REDACTED}`,
  ],
  [/AIza[0-9A-Za-z_-]{35}/g, REDACTED],
  [/(?<![A-Za-z0-9])sk-[A-Za-z0-9_-]{16,}/g, REDACTED],
  [/(?<![A-Za-z0-9])(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,}/g, REDACTED],
  [/(?<![A-Z0-9])(?:AKIA|ASIA)[A-Z0-9]{16}(?![A-Z0-9])/g, REDACTED],
  [/(?<![A-Za-z0-9])gh[pousr]_[A-Za-z0-9]{30,}/g, REDACTED],
  [/(?<![A-Za-z0-9])github_pat_[A-Za-z0-9_]{20,}/g, REDACTED],
  [/(?<![A-Za-z0-9])xox[abprs]-[A-Za-z0-9-]{10,}/g, REDACTED],
  [/(?<![A-Za-z0-9])hf_[A-Za-z0-9]{30,}/g, REDACTED],
  [/(?<![A-Za-z0-9])ya29\.[A-Za-z0-9_-]{20,}/g, REDACTED],
  [/eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*/g, REDACTED],
  [/-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?(?:-----END [A-Z ]*PRIVATE KEY-----|$)/g, REDACTED],
];

/**
 * A string no SECRET_SHAPES pattern can match lacks all of these: each pattern needs one of them
 * literally (`=` or `:` for parameters, headers, `key = …` and `user:pass@`; the prefixes of the
 * token formats). Tested first, it spares the 16 replaces for most strings of a result: they
 * were 52 ms of a first offline turn's 600 ms in the agent worker (Chromium trace, 2026-12-06).
 * Case-insensitive, so it is a superset of the case-sensitive prefixes.
 */
export const MAY_HOLD_SECRET_SHAPE =
  /[=:]|bearer|AIza|[sr]k[-_]|AKIA|ASIA|gh[pousr]_|github_pat_|xox[abprs]-|hf_|ya29\.|eyJ|-----BEGIN/i;

/**
 * A JSON-safe copy of `value` with secrets removed: values under secret-looking keys, and any
 * known secret or secret-shaped string inside any string, object keys included.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  return redactTree(toModelValue(value), secrets);
}

/**
 * Like `redact`, but keeps values JSON cannot hold (BigInt, NaN) as they are, so an envelope's
 * data keeps its types for the code that reads it; only strings and keys change.
 */
export function redactTree<T>(value: T, secrets: readonly string[] = []): T {
  return walk(value, knownVariants(secrets), new WeakSet(), 0) as T;
}

export function redactText(text: string, secrets: readonly string[] = []): string {
  return redactString(text, knownVariants(secrets));
}

function redactString(text: string, known: readonly string[]): string {
  let cleaned = text;
  for (const secret of known) if (cleaned.includes(secret)) cleaned = cleaned.split(secret).join(REDACTED);
  if (!MAY_HOLD_SECRET_SHAPE.test(cleaned)) return cleaned;
  for (const [pattern, replacement] of SECRET_SHAPES) cleaned = cleaned.replace(pattern, replacement);
  return cleaned;
}

/** A secret also travels URL-encoded (in a query) and JSON-escaped (inside serialised text). */
function knownVariants(secrets: readonly string[]): string[] {
  const variants = new Set<string>();
  for (const secret of secrets) {
    if (secret.length < MIN_SECRET_LENGTH) continue;
    variants.add(secret);
    variants.add(encodeURIComponent(secret));
    variants.add(JSON.stringify(secret).slice(1, -1));
  }
  // Longest first, so a secret that contains another is replaced whole.
  return [...variants].sort((a, b) => b.length - a.length);
}

const MAX_DEPTH = 64;

function walk(value: unknown, known: readonly string[], seen: WeakSet<object>, depth: number): unknown {
  if (typeof value === 'string') return redactString(value, known);
  if (typeof value !== 'object' || value === null) return value;
  if (seen.has(value) || depth >= MAX_DEPTH) return walk(toModelValue(value), known, new WeakSet(), 0);
  const isPlain = Array.isArray(value) || [Object.prototype, null].includes(Object.getPrototypeOf(value));
  // Dates, Maps, typed arrays, Errors: their JSON form is what anyone reads, so redact that.
  if (!isPlain) return walk(toModelValue(value), known, seen, depth + 1);
  seen.add(value);
  try {
    if (Array.isArray(value)) return value.map((item) => walk(item, known, seen, depth + 1));
    const entries: [string, unknown][] = [];
    const used = new Set<string>();
    for (const [key, item] of Object.entries(value)) {
      let cleanKey = redactString(key, known);
      // Two keys redacted alike must not collapse into one and lose a value from the record.
      for (let copy = 2; used.has(cleanKey); copy++) cleanKey = `${REDACTED}#${copy}`;
      used.add(cleanKey);
      const secretKey = SECRET_KEY_PATTERN.test(key) && item !== null && item !== undefined;
      entries.push([cleanKey, secretKey ? REDACTED : walk(item, known, seen, depth + 1)]);
    }
    return Object.fromEntries(entries);
  } finally {
    seen.delete(value);
  }
}
