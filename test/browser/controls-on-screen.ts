import type { Page } from 'playwright-core';

/** The controls a person needs at every width while a weekly layer is on the map (issue 12). */
export const CONTROLS: Readonly<Record<string, string>> = {
  'question box': '#question',
  'Ask button': '.ask-form button[type=submit]',
  'Settings button': '.settings-button',
  legend: '.layer-item .legend-bar',
  'week slider': '#time-range',
  'week label': '.time-label',
};

/** The controls whose box is not inside the viewport (a box of zero size is not shown at all), with their boxes. */
export async function controlsOffScreen(page: Page): Promise<string[]> {
  const viewport = page.viewportSize()!;
  const off: string[] = [];
  for (const [name, selector] of Object.entries(CONTROLS)) {
    const box = await page.locator(selector).first().boundingBox();
    const inside =
      box !== null &&
      box.width > 0 &&
      box.height > 0 &&
      box.x >= -0.5 &&
      box.y >= -0.5 &&
      box.x + box.width <= viewport.width + 0.5 &&
      box.y + box.height <= viewport.height + 0.5;
    if (!inside) off.push(`${name} ${JSON.stringify(box)}`);
  }
  return off;
}
