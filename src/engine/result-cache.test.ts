import { tableFromArrays } from 'apache-arrow';
import { describe, expect, it } from 'vitest';
import { isVolatileSql, ResultCache } from './result-cache';

const entry = (bytes: number) => ({
  table: tableFromArrays({ n: [bytes] }),
  bytes,
  binderTables: ['species'],
});

describe('ResultCache', () => {
  it('gives back what it kept, by the exact text', () => {
    const cache = new ResultCache(1_000, 500);
    const kept = entry(100);
    cache.set('SELECT 1', kept);
    expect(cache.get('SELECT 1')).toBe(kept);
    expect(cache.get('SELECT  1')).toBeUndefined();
  });

  it('keeps no result above the entry limit', () => {
    const cache = new ResultCache(1_000, 500);
    cache.set('SELECT big', entry(501));
    expect(cache.get('SELECT big')).toBeUndefined();
  });

  it('drops the least recently read first once the total is reached', () => {
    const cache = new ResultCache(300, 300);
    cache.set('a', entry(100));
    cache.set('b', entry(100));
    cache.set('c', entry(100));
    cache.get('a'); // a is now the most recent; b the least
    cache.set('d', entry(100));
    expect(cache.get('b')).toBeUndefined();
    for (const key of ['a', 'c', 'd']) expect(cache.get(key), key).toBeDefined();
  });

  it('counts a replaced entry once', () => {
    const cache = new ResultCache(200, 200);
    cache.set('a', entry(100));
    cache.set('a', entry(100));
    cache.set('b', entry(100));
    expect(cache.get('a')).toBeDefined();
    expect(cache.get('b')).toBeDefined();
  });

  it.each([
    'SELECT random() AS r',
    'SELECT * FROM weekly ORDER BY RANDOM() LIMIT 5',
    'SELECT now()',
    'SELECT current_date',
    'SELECT CURRENT_TIMESTAMP',
    'SELECT gen_random_uuid()',
    'SELECT uuidv7()',
    'SELECT * FROM weekly USING SAMPLE 10',
    'SELECT * FROM weekly TABLESAMPLE reservoir(5 ROWS)',
    "SELECT 'unterminated",
  ])('never keeps a query whose rows may change between runs: %s', (sql) => {
    expect(isVolatileSql(sql)).toBe(true);
    const cache = new ResultCache(1_000, 500);
    cache.set(sql, entry(10));
    expect(cache.get(sql)).toBeUndefined();
  });

  it.each([
    "SELECT 'random' AS word, region_code FROM regions",
    'SELECT "now" FROM t',
    "SELECT avg(abundance) FROM weekly WHERE species_code = 'yebsap' AND week = 24",
  ])('keeps a query that only mentions such a word as text or a quoted name: %s', (sql) => {
    // A quoted identifier is a name, not a call: the lexer reads "now" as kind 'quoted'.
    expect(isVolatileSql(sql)).toBe(false);
  });
});
