import type { Catalog } from '../catalog/types';
import type { WorkerResults } from '../worker/protocol';
import { el } from './dom';

export interface HealthBanner {
  element: HTMLElement;
  /** Shows what the worker's `init` found: range support, the dataset release, the build. */
  setInit(result: WorkerResults['init']): void;
  /** A notice that needs the reader's attention (the network, an update); `undefined` hides it. */
  setAlert(id: string, content: HTMLElement | undefined): void;
}

/**
 * The startup health strip under the header: whether the data host answers byte ranges and what
 * that means, which eBird S&T release the data is, the build, plus site controls (offline data)
 * and alerts (model needs the network, a new version took over).
 */
export function createHealthBanner(controls: readonly HTMLElement[] = []): HealthBanner {
  const range = el('span', { class: 'health-item', 'data-health': 'range' }, ['Checking the data host…']);
  const release = el('span', { class: 'health-item', 'data-health': 'release' });
  const notes = el('span', {
    class: 'health-item health-warn',
    'data-health': 'notes',
    role: 'note',
    hidden: true,
  });
  const alerts = el('div', { class: 'health-alerts' });
  const element = el('section', { class: 'site-status', 'aria-label': 'Site status' }, [
    el('div', { class: 'health-row' }, [range, release, notes, ...controls]),
    alerts,
  ]);
  const shown = new Map<string, HTMLElement>();
  return {
    element,
    setInit(result) {
      const note = describeRangeSupport(result.rangeSupport);
      range.textContent = note.text;
      range.title = `${note.text} ${result.rangeSupport.message}`;
      range.classList.toggle('health-warn', !note.ok);
      release.textContent =
        describeRelease(result.catalog) + (result.build ? ` · build ${result.build}` : '');
      release.title = release.textContent;
      release.dataset.build = result.build ?? '';
      const said = describeBuildNotes(result.catalog);
      notes.textContent = said ?? '';
      notes.hidden = said === undefined;
    },
    setAlert(id, content) {
      shown.get(id)?.remove();
      shown.delete(id);
      if (!content) return;
      content.dataset.alert = id;
      shown.set(id, content);
      alerts.append(content);
    },
  };
}

/** What range support means for the visitor, in words. */
export function describeRangeSupport(rangeSupport: { supportsRanges: boolean; message: string }): {
  ok: boolean;
  text: string;
} {
  if (rangeSupport.supportsRanges)
    return { ok: true, text: 'Data host: range requests work (answers download only what they read).' };
  // probe-range-support.ts: the probe itself failed (no network), which says nothing about the host.
  if (rangeSupport.message.startsWith('range_probe_failed'))
    return { ok: true, text: 'Data host: not reachable now (offline?); answers use the data saved here.' };
  return {
    ok: false,
    text: 'Data host: no range requests, so each data file is downloaded whole the first time a question needs it. First answers are slower; later ones reuse the copy.',
  };
}

/** "eBird S&T release 2022, 2023", or a warning when any table is simulated. */
export function describeRelease(catalog: Catalog): string {
  const years = [...new Set(Object.values(catalog.tables).flatMap((table) => table.release ?? []))].sort(
    (a, b) => a - b,
  );
  const release = years.length ? `eBird S&T release ${years.join(', ')}` : 'no eBird release listed';
  return `Data: ${release}${catalog.simulated ? ' (includes simulated demo data, not real)' : ''} · data built ${catalog.built_at.slice(0, 10)}`;
}

/** The build's own notes (catalog.json `notes`), e.g. why the demo is simulated; undefined when there are none. */
export function describeBuildNotes(catalog: Catalog): string | undefined {
  return catalog.notes && catalog.notes.length > 0 ? catalog.notes.join(' ') : undefined;
}
