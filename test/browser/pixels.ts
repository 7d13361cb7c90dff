import type { Page } from 'playwright-core';

/** A rectangle in screenshot pixels. */
export interface Region {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface RegionStats {
  /** Share of pixels whose colour is saturated (HSV saturation > 0.35): the layer's orange ramp, never the grey-beige basemap. */
  saturated: number;
  /** Share of pixels that differ from `other` by more than 24 in some channel (only when `other` was given). */
  changed?: number;
}

/**
 * Pixel statistics of a PNG screenshot inside `region`, decoded by Chromium itself (a blank page
 * of the same browser: no PNG library needed in Node).
 */
export async function regionStats(
  helper: Page,
  png: Buffer,
  region: Region,
  other?: Buffer,
): Promise<RegionStats> {
  return helper.evaluate(
    async ({ first, second, box }) => {
      const pixels = async (base64: string) => {
        const bytes = Uint8Array.from(atob(base64), (char) => char.charCodeAt(0));
        const bitmap = await createImageBitmap(new Blob([bytes], { type: 'image/png' }));
        const canvas = new OffscreenCanvas(bitmap.width, bitmap.height);
        const context = canvas.getContext('2d')!;
        context.drawImage(bitmap, 0, 0);
        return context.getImageData(box.x, box.y, box.width, box.height).data;
      };
      const a = await pixels(first);
      const b = second ? await pixels(second) : undefined;
      let saturated = 0;
      let changed = 0;
      const count = a.length / 4;
      for (let index = 0; index < a.length; index += 4) {
        const max = Math.max(a[index]!, a[index + 1]!, a[index + 2]!);
        const min = Math.min(a[index]!, a[index + 1]!, a[index + 2]!);
        if (max > 0 && (max - min) / max > 0.35) saturated++;
        if (b && [0, 1, 2].some((channel) => Math.abs(a[index + channel]! - b[index + channel]!) > 24))
          changed++;
      }
      return { saturated: saturated / count, ...(b ? { changed: changed / count } : {}) };
    },
    { first: png.toString('base64'), second: other?.toString('base64'), box: region },
  );
}

/** The middle of an element's box (`share` of its width and height), in page pixels: where a fitted layer lies. */
export async function middleOf(page: Page, selector: string, share = 0.4): Promise<Region> {
  const box = (await page.locator(selector).boundingBox())!;
  const width = Math.round(box.width * share);
  const height = Math.round(box.height * share);
  return {
    x: Math.round(box.x + (box.width - width) / 2),
    y: Math.round(box.y + (box.height - height) / 2),
    width,
    height,
  };
}
