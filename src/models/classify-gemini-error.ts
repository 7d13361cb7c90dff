import { redactText } from '../registry';
import { modelError } from './model-adapter';
import type { RequestFailure } from './retry-policy';

/** Gemini's error body (google.rpc.Status as JSON). */
interface GeminiStatus {
  code?: number;
  message?: string;
  status?: string;
  details?: { '@type'?: string; reason?: string; retryDelay?: string; violations?: { quotaId?: string }[] }[];
}

/**
 * Turns what `@google/genai` 3.1.0 throws into a `ModelError`. The SDK throws `ApiError`
 * (`name: 'ApiError'`, numeric `status`) whose message is the JSON error body, prefixed with
 * "got status: …" when the error arrived inside a stream. `retryAfterMs` is the Retry-After
 * header seen by our fetch wrapper, if any. Every message is scrubbed of `secrets`.
 */
export function classifyGeminiError(
  error: unknown,
  context: { retryAfterMs?: number; secrets: readonly string[]; model?: string },
): RequestFailure {
  const scrub = (text: string) => redactText(text, context.secrets);
  const apiStatus = apiErrorStatus(error);
  if (apiStatus === undefined) {
    if (error instanceof TypeError) {
      return fail(
        'model_network',
        `model_network: could not reach Gemini (${scrub(error.message)}). Check the connection and ask again.`,
        false,
      );
    }
    const text = error instanceof Error ? error.message : String(error);
    return fail(
      'model_bad_reply',
      `model_bad_reply: Gemini's reply could not be read (${scrub(text).slice(0, 200)}). Ask again; if it repeats, pick another model.`,
      false,
    );
  }
  const body = parseStatus((error as Error).message);
  const detail = scrub(
    `${apiStatus} ${body.status ?? ''}: ${body.message ?? 'no message'}`.replace(/\s+:/, ':'),
  ).slice(0, 300);
  const reasons = (body.details ?? []).map((item) => item.reason ?? '');
  if (reasons.includes('API_KEY_INVALID') || apiStatus === 401) {
    return fail(
      'model_auth',
      `model_auth: Gemini refused the API key (${detail}). Check the key in Settings and try again.`,
      false,
    );
  }
  if (apiStatus === 403 || isLocationRefusal(body)) return forbidden(body, reasons, detail);
  if (apiStatus === 404) {
    const model = context.model ? ` ${context.model}` : '';
    return fail(
      'model_not_found',
      `model_not_found: Gemini does not serve the model${model} (${detail}); it may have been shut down. Pick one of the models Settings lists for your key.`,
      false,
    );
  }
  if (apiStatus === 429) {
    // Free-tier daily quotas come back as 429 with a QuotaFailure whose quotaId names the
    // period (e.g. GenerateRequestsPerDayPerProjectPerModel-FreeTier); retrying cannot help today.
    const quotaIds = (body.details ?? [])
      .flatMap((item) => item.violations ?? [])
      .map((violation) => violation.quotaId ?? '');
    if (quotaIds.some((id) => /PerDay/i.test(id))) {
      return fail(
        'model_quota',
        `model_quota: the daily Gemini quota for this key is used up (${detail}). Try tomorrow, use another key, or switch to the offline agent.`,
        false,
      );
    }
    return {
      ...fail(
        'model_rate_limited',
        `model_rate_limited: Gemini is rate-limiting this key (${detail}).`,
        true,
      ),
      retryAfterMs: context.retryAfterMs ?? retryInfoMs(body),
    };
  }
  if (apiStatus >= 500)
    return fail('model_unavailable', `model_unavailable: Gemini is unavailable (${detail}).`, true);
  // Any other 4xx is a request Gemini rejected (a malformed history, an unknown model name).
  // ModelErrorCode has no "rejected" code, so it is reported as a bad exchange with the detail.
  return fail(
    'model_bad_reply',
    `model_bad_reply: Gemini rejected the request (${detail}). Start a new conversation or pick another model.`,
    false,
  );
}

/**
 * A 403 is not always a bad key (google.rpc.ErrorInfo reasons seen in Google's error catalogue):
 * SERVICE_DISABLED — the Generative Language API is off for the key's project;
 * API_KEY_SERVICE_BLOCKED / API_KEY_HTTP_REFERRER_BLOCKED — the key's restrictions exclude it or
 * this site; "User location is not supported" (FAILED_PRECONDITION, HTTP 400) — the visitor's region.
 */
function forbidden(body: GeminiStatus, reasons: string[], detail: string): RequestFailure {
  if (isLocationRefusal(body)) {
    return fail(
      'model_forbidden',
      `model_forbidden: Gemini is not offered in your region (${detail}). Use the offline model or an OpenAI-compatible one.`,
      false,
    );
  }
  if (reasons.includes('SERVICE_DISABLED')) {
    return fail(
      'model_forbidden',
      `model_forbidden: the Gemini API is not enabled for this key's Google Cloud project (${detail}). Enable the "Generative Language API" for the project, or create a key in Google AI Studio.`,
      false,
    );
  }
  if (reasons.some((reason) => reason.startsWith('API_KEY_') && reason.endsWith('_BLOCKED'))) {
    return fail(
      'model_forbidden',
      `model_forbidden: this key's restrictions do not allow this request (${detail}). Allow the Generative Language API and this site's address for the key, or use an unrestricted key.`,
      false,
    );
  }
  return fail(
    'model_auth',
    `model_auth: Gemini refused the API key (${detail}). Check the key in Settings and try again.`,
    false,
  );
}

function isLocationRefusal(body: GeminiStatus): boolean {
  return /location is not supported/i.test(body.message ?? '');
}

function fail(code: Parameters<typeof modelError>[0], message: string, retryable: boolean): RequestFailure {
  return { error: modelError(code, message), retryable };
}

function apiErrorStatus(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null) return undefined;
  const candidate = error as { name?: unknown; status?: unknown };
  return candidate.name === 'ApiError' && typeof candidate.status === 'number' ? candidate.status : undefined;
}

function parseStatus(message: string): GeminiStatus {
  const start = message.indexOf('{');
  if (start < 0) return { message };
  try {
    const parsed = JSON.parse(message.slice(start)) as { error?: GeminiStatus };
    return parsed.error ?? {};
  } catch {
    return { message };
  }
}

/** google.rpc.RetryInfo.retryDelay is a Duration in JSON form, e.g. "38s" or "1.5s". */
function retryInfoMs(body: GeminiStatus): number | undefined {
  const delay = body.details?.find((item) => item['@type']?.endsWith('google.rpc.RetryInfo'))?.retryDelay;
  const match = delay?.match(/^(\d+(?:\.\d+)?)s$/);
  return match ? Math.round(Number(match[1]) * 1000) : undefined;
}
