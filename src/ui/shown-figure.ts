/** Significant digits a figure is shown with on the page (issue 12: "0.7959" everywhere reads like a log). */
const SHOWN_DIGITS = 3;

/**
 * How the page shows a figure a model wrote and a tool call produced: decimals cut to three
 * significant digits ("0.6543" → "0.654", "191.7117" → "192", "-0.8597%" → "-0.86%"). Whole numbers
 * are left as written — a count of 293 cells or 112,657 km² may be exact, and the page cannot tell
 * which. The offline answers already write three digits (format-figure.ts); this is for a
 * language model's text, whose exact figure stays in the button's title.
 */
export function shownFigure(text: string): string {
  const match = /^([-−]?)([\d,]*\d)\.(\d+)(%?)$/.exec(text);
  if (!match) return text;
  const [, sign, whole, decimals, percent] = match as unknown as [string, string, string, string, string];
  const value = Number(`${whole.replace(/,/g, '')}.${decimals}`);
  if (!Number.isFinite(value) || value === 0) return text;
  const magnitude = Math.floor(Math.log10(value));
  const places = Math.max(0, SHOWN_DIGITS - 1 - magnitude);
  if (places >= decimals.length) return text;
  const rounded = value
    .toFixed(places)
    .replace(/(\.\d*?)0+$/, '$1')
    .replace(/\.$/, '');
  const grouped = whole.includes(',') ? groupThousands(rounded) : rounded;
  return `${sign}${grouped}${percent}`;
}

function groupThousands(text: string): string {
  const [whole, decimals] = text.split('.');
  const grouped = whole!.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return decimals === undefined ? grouped : `${grouped}.${decimals}`;
}
