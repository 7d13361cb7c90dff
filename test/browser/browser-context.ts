import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';

export const CHROMIUM_PATH = '/usr/bin/chromium';
/**
 * Flags measured to work here (PLATFORM.md "Browser tests"): deck.gl renders through SwiftShader.
 * The last one: headless Chromium 156 preloads the omnibox popup's WebUI
 * (chrome://omnibox-popup.top-chrome) in a second renderer as the browser starts, which kept one
 * of this machine's two cores busy through a page's first 2 s (Chromium trace, 2026-12-06). A
 * visitor's browser does that once when it starts, not when they open the page.
 */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-features=WebUIOmniboxPopup,PreloadTopChromeWebUI',
];

/**
 * Whether browser tests run. With PERCH_REQUIRE_BROWSER=1 a missing Chromium is a failure, not a
 * skip; otherwise the suite is skipped and says why.
 */
export function browserAvailability(): { run: boolean; reason?: string } {
  if (existsSync(CHROMIUM_PATH)) return { run: true };
  const reason = `browser tests skipped: ${CHROMIUM_PATH} is missing. Install it with \`apt-get install -y chromium\`.`;
  if (process.env.PERCH_REQUIRE_BROWSER === '1')
    throw new Error(`${reason} (PERCH_REQUIRE_BROWSER=1 makes this a failure)`);
  console.warn(reason);
  return { run: false, reason };
}

export async function launchChromium(viewport = { width: 1440, height: 900 }): Promise<BrowserContext> {
  return chromium.launchPersistentContext(mkdtempSync(join(tmpdir(), 'perch-chromium-')), {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: CHROMIUM_ARGS,
    viewport,
  });
}
