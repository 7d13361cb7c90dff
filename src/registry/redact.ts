import { toModelValue } from './serialize';

/** Argument names whose values are secrets wherever they appear. */
const SECRET_KEY_PATTERN =
  /(api[_-]?key|apikey|token|secret|password|passwd|authorization|credential|bearer)/i;

export const REDACTED = '[redacted]';

/**
 * A JSON-safe copy of `value` with secrets removed: values under secret-looking keys, and any
 * occurrence of a known secret (the session's API key) inside any string.
 */
export function redact(value: unknown, secrets: readonly string[] = []): unknown {
  const known = secrets.filter((secret) => secret.length >= 4);
  return redactValue(toModelValue(value), known);
}

export function redactText(text: string, secrets: readonly string[] = []): string {
  let cleaned = text;
  for (const secret of secrets) if (secret.length >= 4) cleaned = cleaned.split(secret).join(REDACTED);
  // Gemini keys start with "AIza" and are 39 characters; redact any that slipped into text.
  return cleaned.replace(/AIza[0-9A-Za-z_-]{35}/g, REDACTED).replace(/\bsk-[A-Za-z0-9_-]{16,}/g, REDACTED);
}

function redactValue(value: unknown, secrets: readonly string[]): unknown {
  if (typeof value === 'string') return redactText(value, secrets);
  if (Array.isArray(value)) return value.map((item) => redactValue(item, secrets));
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [
        key,
        SECRET_KEY_PATTERN.test(key) ? REDACTED : redactValue(item, secrets),
      ]),
    );
  }
  return value;
}
