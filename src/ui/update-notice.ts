import { el } from './dom';

/**
 * Shown when a new version of Perch took over in the background. The page does not reload by
 * itself (that would drop the conversation on screen); it says so and offers the reload.
 */
export function createUpdateNotice(reload: () => void = () => window.location.reload()): HTMLElement {
  return el('div', { class: 'health-alert', role: 'status' }, [
    el('span', {}, [
      'A new version of Perch was installed. This page still runs the old one: reload to use the new version.',
    ]),
    el('button', { type: 'button', class: 'header-button', onclick: () => reload() }, ['Reload']),
  ]);
}
