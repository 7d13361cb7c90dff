import { closeSync, cpSync, mkdtempSync, openSync, truncateSync, writeFileSync, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inputFingerprint, WHOLE_FILE_LIMIT } from './input-fingerprint';

const folder = () => mkdtempSync(join(tmpdir(), 'perch-fingerprint-'));

function overwrite(path: string, offset: number, text: string): void {
  const descriptor = openSync(path, 'r+');
  writeSync(descriptor, Buffer.from(text), 0, text.length, offset);
  closeSync(descriptor);
}

describe('inputFingerprint', () => {
  it('a small file is hashed by content: a copy elsewhere keeps it, a changed byte in the middle changes it', () => {
    const a = folder();
    writeFileSync(join(a, 'config.json'), 'x'.repeat(300_000));
    const before = inputFingerprint([{ key: 'status/config.json', path: join(a, 'config.json') }], {});
    const b = folder();
    cpSync(join(a, 'config.json'), join(b, 'config.json'));
    expect(inputFingerprint([{ key: 'status/config.json', path: join(b, 'config.json') }], {})).toBe(before);
    overwrite(join(b, 'config.json'), 150_000, 'y');
    expect(inputFingerprint([{ key: 'status/config.json', path: join(b, 'config.json') }], {})).not.toBe(
      before,
    );
  });

  it('a 3 GiB file is fingerprinted without being read whole: its first and last bytes and its size count', () => {
    const path = join(folder(), 'big.tif');
    writeFileSync(path, '');
    const size = 3 * 1024 ** 3;
    truncateSync(path, size); // sparse: no disk used
    expect(size).toBeGreaterThan(WHOLE_FILE_LIMIT);
    const files = [{ key: 'big.tif', path }];
    const started = Date.now();
    const first = inputFingerprint(files, {});
    expect(Date.now() - started).toBeLessThan(2000); // whole, it would be 3 GiB through sha256
    expect(inputFingerprint(files, {})).toBe(first);
    overwrite(path, size - 3, 'end');
    const tail = inputFingerprint(files, {});
    expect(tail).not.toBe(first);
    overwrite(path, 0, 'II*');
    expect(inputFingerprint(files, {})).not.toBe(tail);
  });

  it('the parameters and the keys count, the order files are given in does not', () => {
    const dir = folder();
    writeFileSync(join(dir, 'a'), 'a');
    writeFileSync(join(dir, 'b'), 'b');
    const files = [
      { key: 'a', path: join(dir, 'a') },
      { key: 'b', path: join(dir, 'b') },
    ];
    const base = inputFingerprint(files, { resolutionKm: 27 });
    expect(inputFingerprint([...files].reverse(), { resolutionKm: 27 })).toBe(base);
    expect(inputFingerprint(files, { resolutionKm: 9 })).not.toBe(base);
    expect(inputFingerprint([{ ...files[0], key: 'c' }, files[1]], { resolutionKm: 27 })).not.toBe(base);
  });
});
