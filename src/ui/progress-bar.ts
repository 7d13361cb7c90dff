import { el, formatBytes } from './dom';

export interface ProgressBar {
  element: HTMLElement;
  engine(message: string, bytes: number): void;
  step(message: string): void;
  done(): void;
}

/** Progress for long work: engine start, bytes of data loaded, the current tool step. */
export function createProgressBar(): ProgressBar {
  const text = el('span', { class: 'progress-text' });
  const bytesText = el('span', { class: 'progress-bytes' });
  const element = el('div', { class: 'progress', role: 'status', 'aria-live': 'polite', hidden: true }, [
    el('span', { class: 'spinner', 'aria-hidden': 'true' }),
    text,
    bytesText,
  ]);
  let loaded = 0;
  return {
    element,
    engine(message, bytes) {
      element.hidden = false;
      loaded = Math.max(loaded, bytes);
      text.textContent = message;
      bytesText.textContent = loaded ? ` · ${formatBytes(loaded)} loaded` : '';
    },
    step(message) {
      element.hidden = false;
      text.textContent = message;
    },
    done() {
      element.hidden = true;
    },
  };
}
