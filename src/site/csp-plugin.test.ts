import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy, DEFAULT_CONNECT_SRC, parseConnectSources } from './csp-plugin';

describe('parseConnectSources', () => {
  it('unset or empty (an unset GitHub variable) gives the local model servers', () => {
    expect(parseConnectSources(undefined)).toEqual(DEFAULT_CONNECT_SRC);
    expect(parseConnectSources('')).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
  });
  it('space- or comma-separated origins are kept in order', () => {
    expect(
      parseConnectSources('https://api.openai.com, http://localhost:11434  https://*.example.org'),
    ).toEqual(['https://api.openai.com', 'http://localhost:11434', 'https://*.example.org']);
  });
  it.each(["'unsafe-eval'", '*', 'https:', 'https://api.openai.com/v1', 'javascript:alert(1)'])(
    '%s is refused with csp_bad_source',
    (entry) => {
      expect(() => parseConnectSources(entry)).toThrow(/^csp_bad_source: PERCH_CONNECT_SRC entry/);
    },
  );
});

describe('contentSecurityPolicy', () => {
  it('allows scripts from the origin (plus wasm compilation), images only from the origin, data: and blob:', () => {
    expect(contentSecurityPolicy(['https://api.openai.com'])).toMatchInlineSnapshot(
      `"default-src 'self'; script-src 'self' 'wasm-unsafe-eval'; worker-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data: blob:; font-src 'self'; connect-src 'self' https://generativelanguage.googleapis.com https://api.openai.com; object-src 'none'; base-uri 'self'; form-action 'none'"`,
    );
  });
  it("never allows 'unsafe-eval' (apache-arrow's new Function stays blocked)", () => {
    expect(contentSecurityPolicy(DEFAULT_CONNECT_SRC)).not.toContain("'unsafe-eval'");
  });
});
