import { describe, expect, it } from 'vitest';
import { guardFetch, isAllowedConnection } from './connect-policy';

const SELF = 'https://birder.github.io';
const SOURCES = [
  'https://generativelanguage.googleapis.com',
  'http://localhost:*',
  'https://*.example.org',
  'http://127.0.0.1:11434',
];

describe('isAllowedConnection', () => {
  it.each([
    ['same origin, relative', '/perch/data/catalog.json', true],
    ['same origin, absolute', 'https://birder.github.io/perch/data/weekly.parquet', true],
    ['the Gemini API', 'https://generativelanguage.googleapis.com/v1beta/models/x:generateContent', true],
    ['localhost on any port', 'http://localhost:1234/v1/chat/completions', true],
    ['a subdomain wildcard', 'https://api.example.org/v1', true],
    ['the bare domain of a wildcard', 'https://example.org/v1', false],
    ['a fixed port', 'http://127.0.0.1:11434/api/chat', true],
    ['another port than the fixed one', 'http://127.0.0.1:8080/', false],
    ['https where http is allowed', 'https://localhost:1234/', false],
    ['a foreign host', 'https://example.invalid/p.png', false],
    ['a look-alike host', 'https://generativelanguage.googleapis.com.evil.test/', false],
    ['not a URL', 'http://[::1', false],
  ])('%s → %s', (_name, url, expected) => {
    expect(isAllowedConnection(url, SELF, SOURCES)).toBe(expected);
  });
});

describe('guardFetch', () => {
  it('refuses a foreign origin without calling fetch, naming the fix', async () => {
    const calls: string[] = [];
    const guarded = guardFetch(
      async (input) => {
        calls.push(String(input));
        return new Response('ok');
      },
      SELF,
      SOURCES,
    );
    await expect(guarded('https://example.invalid/x.csv')).rejects.toMatchObject({
      code: 'connect_blocked',
      message: expect.stringContaining('PERCH_CONNECT_SRC'),
    });
    expect(await (await guarded('/perch/data/catalog.json')).text()).toBe('ok');
    expect(calls).toEqual(['/perch/data/catalog.json']);
  });
});
