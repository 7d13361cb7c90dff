import { el } from './dom';
import { weekText } from './layer-data';

export interface TimeSlider {
  element: HTMLElement;
  /**
   * Sets the weeks to step through (ascending) and their labels. With no weeks the slider hides;
   * a `period` (a one-week or one-season layer on show) is then shown alone, without the slider.
   */
  setTimes(times: number[], labels: Record<number, string>, period?: string): void;
  current(): number | undefined;
  set(time: number): void;
  onChange(listener: (time: number) => void): void;
  stop(): void;
}

/** One step of playback: slow enough to read the week label, fast enough to see a migration. */
const PLAY_STEP_MS = 450;

export function createTimeSlider(): TimeSlider {
  const listeners: ((time: number) => void)[] = [];
  let times: number[] = [];
  let labels: Record<number, string> = {};
  let timer: ReturnType<typeof setInterval> | undefined;
  const range = el('input', {
    type: 'range',
    min: '0',
    max: '0',
    step: '1',
    value: '0',
    id: 'time-range',
    'aria-label': 'Week',
  });
  const label = el('output', { for: 'time-range', class: 'time-label', 'aria-live': 'off' });
  const play = el(
    'button',
    { type: 'button', class: 'play-button', 'aria-label': 'Play weeks', 'aria-pressed': 'false' },
    ['▶'],
  );
  const element = el(
    'div',
    { class: 'time-slider', hidden: true, role: 'group', 'aria-label': 'Week shown on the map' },
    [play, range, label],
  );

  const show = (index: number, notify: boolean) => {
    range.value = String(index);
    const time = times[index];
    label.textContent = weekText(time, labels[time]);
    range.setAttribute('aria-valuetext', label.textContent);
    if (notify) for (const listener of listeners) listener(time);
  };
  const stop = () => {
    if (timer !== undefined) clearInterval(timer);
    timer = undefined;
    play.textContent = '▶';
    play.setAttribute('aria-label', 'Play weeks');
    play.setAttribute('aria-pressed', 'false');
  };
  range.addEventListener('input', () => show(Number(range.value), true));
  play.addEventListener('click', () => {
    if (timer !== undefined) return stop();
    play.textContent = '❚❚';
    play.setAttribute('aria-label', 'Pause');
    play.setAttribute('aria-pressed', 'true');
    timer = setInterval(() => show((Number(range.value) + 1) % times.length, true), PLAY_STEP_MS);
  });

  return {
    element,
    setTimes(next, nextLabels, period) {
      stop();
      times = next;
      labels = nextLabels;
      const stepping = times.length > 0;
      element.hidden = !stepping && !period;
      range.hidden = !stepping;
      play.hidden = !stepping;
      element.classList.toggle('period-only', !stepping);
      range.max = String(Math.max(0, times.length - 1));
      if (stepping) show(0, true);
      else label.textContent = period ?? '';
    },
    current: () => times[Number(range.value)],
    set(time) {
      const index = times.indexOf(time);
      if (index >= 0) show(index, true);
    },
    onChange: (listener) => void listeners.push(listener),
    stop,
  };
}
