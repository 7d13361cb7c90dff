import type { MapLayerPayload } from '../payloads';
import { el } from './dom';
import { createMapLegend } from './map-legend';

export interface LayerListActions {
  onVisible(id: string, visible: boolean): void;
  onOpacity(id: string, opacity: number): void;
  onRemove(id: string): void;
  onZoom(id: string): void;
}

export interface LayerList {
  element: HTMLElement;
  add(payload: MapLayerPayload): void;
  remove(id: string): void;
}

/** The map's layer list: one entry per layer with show/hide, opacity, zoom to, remove and its legend. */
export function createLayerList(actions: LayerListActions): LayerList {
  const list = el('ul', { class: 'layer-items' });
  const empty = el('p', { class: 'layer-empty' }, ['Layers from answers appear here.']);
  const element = el('section', { class: 'layer-list', 'aria-label': 'Map layers' }, [
    el('h2', { class: 'panel-title' }, ['Layers']),
    empty,
    list,
  ]);
  const items = new Map<string, HTMLElement>();
  const refresh = () => (empty.hidden = items.size > 0);

  return {
    element,
    add(payload) {
      items.get(payload.id)?.remove();
      const visibleId = `layer-visible-${payload.id}`;
      const opacityId = `layer-opacity-${payload.id}`;
      const visible = el('input', {
        type: 'checkbox',
        id: visibleId,
        checked: true,
        onchange: () => actions.onVisible(payload.id, visible.checked),
      });
      const opacity = el('input', {
        type: 'range',
        id: opacityId,
        min: '0',
        max: '1',
        step: '0.05',
        value: '0.9',
        oninput: () => actions.onOpacity(payload.id, Number(opacity.value)),
      });
      const item = el('li', { class: 'layer-item', 'data-layer-id': payload.id }, [
        el('div', { class: 'layer-head' }, [
          visible,
          el('label', { for: visibleId, class: 'layer-name' }, [payload.name]),
          el(
            'button',
            {
              type: 'button',
              class: 'icon-button',
              'aria-label': `Zoom to ${payload.name}`,
              title: 'Zoom to layer',
              onclick: () => actions.onZoom(payload.id),
            },
            ['⤢'],
          ),
          el(
            'button',
            {
              type: 'button',
              class: 'icon-button',
              'aria-label': `Remove ${payload.name}`,
              title: 'Remove layer',
              onclick: () => {
                actions.onRemove(payload.id);
                item.remove();
                items.delete(payload.id);
                refresh();
              },
            },
            ['✕'],
          ),
        ]),
        el('div', { class: 'layer-opacity' }, [el('label', { for: opacityId }, ['Opacity']), opacity]),
        createMapLegend(payload),
        el('p', { class: 'layer-source' }, [
          `${payload.featureCount.toLocaleString('en-US')} features · from ${payload.sourceTables.join(', ')}`,
        ]),
      ]);
      items.set(payload.id, item);
      list.appendChild(item);
      refresh();
    },
    remove(id) {
      items.get(id)?.remove();
      items.delete(id);
      refresh();
    },
  };
}
