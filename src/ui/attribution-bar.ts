import type { Catalog } from '../catalog/types';
import { el } from './dom';

export interface AttributionBar {
  element: HTMLElement;
  badge: HTMLElement;
  set(catalog: Catalog, inScope: string[]): void;
}

/** eBird's terms ask for this attribution wherever the data is shown: visible before any data loads. */
export const DEFAULT_ATTRIBUTION =
  'Data: eBird Status and Trends, Cornell Lab of Ornithology (ebird.org/science/status-and-trends).';

/** Attribution and citation (always visible), and the badge shown while a simulated dataset is in scope. */
export function createAttributionBar(): AttributionBar {
  const attribution = el('span', { class: 'attribution-text' }, [DEFAULT_ATTRIBUTION]);
  const citation = el('span', { class: 'citation-text' });
  const element = el('footer', { class: 'attribution', 'aria-label': 'Data attribution' }, [
    attribution,
    citation,
  ]);
  const badge = el(
    'span',
    {
      class: 'badge badge-simulated',
      hidden: true,
      role: 'note',
      title: 'Some data in scope is simulated (fictional) and must not be cited as real.',
    },
    ['Simulated data in scope'],
  );
  return {
    element,
    badge,
    set(catalog, inScope) {
      attribution.textContent = catalog.attribution || DEFAULT_ATTRIBUTION;
      citation.textContent = catalog.citation ? ` Cite: ${catalog.citation}` : '';
      const scoped = inScope.length ? inScope : Object.keys(catalog.tables);
      badge.hidden = !scoped.some((name) => catalog.tables[name]?.simulated);
    },
  };
}
