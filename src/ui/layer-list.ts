import type { MapLayerPayload } from '../payloads';
import { el } from './dom';
import { createMapLegend, createOutlineLegend, createSharedLegend } from './map-legend';
import { hasValueScale, measureKey, measureScales } from './measure-scales';
import { svgIcon } from './svg-icon';

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
  /** A pinned layer stays when the next answer replaces the map (create-app.ts). */
  isPinned(id: string): boolean;
}

interface LayerItem {
  payload: MapLayerPayload;
  element: HTMLElement;
  legend: HTMLElement;
  pinned: boolean;
  visible: boolean;
}

/**
 * The map's layer list: one entry per layer with show/hide, pin, zoom to, remove, opacity and its
 * legend. A hidden layer's legend is folded away: each legend on screen is a layer on the map.
 * Layers of one measure share one colour scale (measure-scales.ts): the first visible one shows
 * it in full, the others say whose legend they share.
 */
export function createLayerList(actions: LayerListActions): LayerList {
  const list = el('ul', { class: 'layer-items' });
  const empty = el('p', { class: 'layer-empty' }, ['Layers from answers appear here.']);
  // Phones show name and legend only; opacity and sources open on demand (styles.css, narrow screens).
  const more = el(
    'button',
    {
      type: 'button',
      class: 'icon-button layer-more-toggle',
      'aria-expanded': 'false',
      onclick: () => {
        const expanded = element.classList.toggle('layer-list-expanded');
        more.setAttribute('aria-expanded', String(expanded));
        more.textContent = expanded ? 'Less' : 'More';
      },
    },
    ['More'],
  );
  const element = el('section', { class: 'layer-list', 'aria-label': 'Map layers', 'data-empty': 'true' }, [
    el('div', { class: 'layer-list-head' }, [el('h2', { class: 'panel-title' }, ['Layers']), more]),
    empty,
    list,
  ]);
  const items = new Map<string, LayerItem>();
  const refreshLegends = () => {
    const scales = measureScales(items.values());
    for (const item of items.values()) {
      // A hidden layer's legend is folded away; it is redrawn when the layer shows again.
      if (!item.visible) continue;
      const legend = legendOf(item.payload, scales, items);
      item.legend.replaceWith(legend);
      item.legend = legend;
    }
  };
  const refresh = () => {
    empty.hidden = items.size > 0;
    element.dataset.empty = String(items.size === 0);
    refreshLegends();
  };
  const removeItem = (id: string) => {
    items.get(id)?.element.remove();
    items.delete(id);
    refresh();
  };

  return {
    element,
    add(payload) {
      items.get(payload.id)?.element.remove();
      const visibleId = `layer-visible-${payload.id}`;
      const opacityId = `layer-opacity-${payload.id}`;
      items.delete(payload.id);
      const entry: LayerItem = {
        payload,
        element: el('li'),
        legend: el('div'),
        pinned: false,
        visible: true,
      };
      const visible = el('input', {
        type: 'checkbox',
        id: visibleId,
        checked: true,
        onchange: () => {
          entry.visible = visible.checked;
          entry.element.classList.toggle('layer-hidden', !visible.checked);
          actions.onVisible(payload.id, visible.checked);
          refreshLegends();
        },
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
      const pin = el(
        'button',
        {
          type: 'button',
          class: 'icon-button layer-pin',
          'aria-label': `Pin ${payload.name}`,
          'aria-pressed': 'false',
          title: 'Pin: keep this layer when the next answer draws its own',
          onclick: () => {
            entry.pinned = !entry.pinned;
            pin.setAttribute('aria-pressed', String(entry.pinned));
            entry.element.classList.toggle('layer-pinned', entry.pinned);
          },
        },
        [pinIcon()],
      );
      entry.element = el('li', { class: 'layer-item', 'data-layer-id': payload.id }, [
        el('div', { class: 'layer-head' }, [
          visible,
          el('label', { for: visibleId, class: 'layer-name' }, [payload.name]),
          pin,
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
                removeItem(payload.id);
              },
            },
            ['✕'],
          ),
        ]),
        entry.legend,
        el('div', { class: 'layer-opacity' }, [el('label', { for: opacityId }, ['Opacity']), opacity]),
        el('p', { class: 'layer-source' }, [
          `${payload.featureCount.toLocaleString('en-US')} features · from ${payload.sourceTables.join(', ')}`,
        ]),
      ]);
      items.set(payload.id, entry);
      list.appendChild(entry.element);
      refresh();
    },
    remove: removeItem,
    isPinned: (id) => items.get(id)?.pinned ?? false,
  };
}

/** The full legend of the first visible layer of a measure, a one-line reference on the others. */
function legendOf(
  payload: MapLayerPayload,
  scales: ReturnType<typeof measureScales>,
  items: ReadonlyMap<string, LayerItem>,
): HTMLElement {
  if (!hasValueScale(payload)) return createOutlineLegend(payload);
  const scale = scales.get(measureKey(payload))!;
  const owner = scale.layerIds[0];
  return owner === payload.id
    ? createMapLegend(scale)
    : createSharedLegend(scale, items.get(owner)!.payload.name);
}

/** A push-pin outline (aria-hidden: the button's label says what it does). */
function pinIcon(): SVGSVGElement {
  return svgIcon({
    viewBox: '0 0 16 16',
    className: 'pin-icon',
    paths: [
      {
        d: 'M5 1.5h6l-1 4 2.5 3h-9L6 5.5zM8 8.5V15',
        fill: 'none',
        stroke: 'currentColor',
        'stroke-width': '1.4',
        'stroke-linejoin': 'round',
      },
    ],
  });
}
