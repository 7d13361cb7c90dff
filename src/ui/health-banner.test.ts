import { describe, expect, it } from 'vitest';
import type { Catalog } from '../catalog/types';
import { describeBuildNotes, describeRangeSupport, describeRelease } from './health-banner';
import { catalogBytes } from './offline-panel';

const catalog = {
  built_at: '2026-11-30T06:00:00Z',
  simulated: false,
  tables: {
    weekly: { release: [2023, 2022], files: [{ bytes: 100 }, { bytes: 20 }] },
    regions: { files: [{ bytes: 3 }] },
  },
} as unknown as Catalog;

describe('describeRangeSupport', () => {
  it('a host without ranges means slower first answers', () => {
    expect(describeRangeSupport({ supportsRanges: false, message: 'no_range_support: …' })).toEqual({
      ok: false,
      text: expect.stringContaining('First answers are slower'),
    });
  });
  it('a failed probe (offline) is not blamed on the host', () => {
    expect(
      describeRangeSupport({ supportsRanges: false, message: 'range_probe_failed: could not fetch' }),
    ).toEqual({ ok: true, text: expect.stringContaining('not reachable now') });
  });
  it('ranges supported', () =>
    expect(describeRangeSupport({ supportsRanges: true, message: '' }).ok).toBe(true));
});

describe('describeRelease', () => {
  it('lists the release years once, sorted, with the build date', () => {
    expect(describeRelease(catalog)).toBe('Data: eBird S&T release 2022, 2023 · data built 2026-11-30');
  });
  it('says when simulated data is in the build', () => {
    expect(describeRelease({ ...catalog, simulated: true })).toContain(
      '(includes simulated demo data, not real)',
    );
  });
});

describe('describeBuildNotes', () => {
  it('says why the demo is simulated when the build left a note', () => {
    const note =
      'Simulated demo: the real eBird example could not be downloaded (HTTP 404: http://x/2023/file-list.txt).';
    expect(describeBuildNotes({ ...catalog, simulated: true, notes: [note] })).toBe(note);
  });
  it('says nothing for a build without notes', () => expect(describeBuildNotes(catalog)).toBeUndefined());
});

describe('catalogBytes', () => {
  it('sums every file of every table', () => expect(catalogBytes(catalog)).toBe(123));
  it('adds the basemap and the prebuilt results, which every load reads', () =>
    expect(
      catalogBytes({
        ...catalog,
        basemap: { path: 'basemap.json', bytes: 1_000, sha256: '', sources: [] },
        prebuilt: { path: 'prebuilt-results.bin', bytes: 20_000, sha256: '', results: 10 },
      }),
    ).toBe(21_123));
});
