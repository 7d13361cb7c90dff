/**
 * Strings that must never come back in an envelope or an audit row. The session knows the first
 * two (a Gemini-shaped key and an opaque passphrase, which only the session's list can catch);
 * the rest are secret-shaped values the session does not know (provider key shapes, a URL
 * token), which the redactor must recognise by shape.
 */

/** Gemini keys are "AIza" + 35 characters (redact.ts). */
export const SESSION_GEMINI_KEY = 'AIzaSyRedTeam0session0key0DoNotLeak0001';
/** No pattern matches this; only `session.secrets` can redact it. */
export const SESSION_OPAQUE_SECRET = 'corvid-passphrase-7Qm2Xv9Lk4';
/** The other session's key: appears in its own proposals. */
export const OTHER_SESSION_KEY = 'AIzaSyRedTeam0other00key0DoNotLeak00002';

export const UNKNOWN_GEMINI_KEY = 'AIzaSyUnknownShapedKey00000000000000003';
export const UNKNOWN_OPENAI_KEY = 'sk-proj-RedTeamUnknownOpenAiKey0000004';
export const UNKNOWN_ANTHROPIC_KEY = 'sk-ant-api03-RedTeamUnknownAnthropic0005';
/** The value of a `token=` URL parameter, unknown to the session. */
export const URL_TOKEN = 'tok9RedTeamUrlToken0006';

export const SESSION_SECRETS = [SESSION_GEMINI_KEY, SESSION_OPAQUE_SECRET] as const;

/** A value of the added table outside every session's scope (red-team-world.ts). */
export const PRIVATE_MARKER = 'PRIVATE-ROW-never-read-8c1d';

export const PLANTED = [
  SESSION_GEMINI_KEY,
  SESSION_OPAQUE_SECRET,
  OTHER_SESSION_KEY,
  UNKNOWN_GEMINI_KEY,
  UNKNOWN_OPENAI_KEY,
  UNKNOWN_ANTHROPIC_KEY,
  URL_TOKEN,
] as const;
