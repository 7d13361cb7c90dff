import { mkdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ViteDevServer } from 'vite';
import type { BrowserContext, Page } from 'playwright-core';
import { browserAvailability, launchChromium } from './browser-context';
import { RECORDED_FRAME } from './harness-fixtures';
import { startHarnessDevServer } from './harness-dev-server';

const ROOT = resolve(import.meta.dirname, '../..');
const ARTIFACTS = resolve(ROOT, 'test-artifacts');
const QUESTION = 'When does the Yellow-bellied Sapsucker peak in Michigan?';
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 768, height: 1024 },
  { width: 1400, height: 900 },
];
const availability = browserAvailability();

/**
 * The reading chips and whole-conversation share links in real Chromium, on the UI harness (the
 * real app on a fake agent host that plays a recorded offline turn with a `reading` event), so
 * they do not depend on the offline planner.
 */
describe.skipIf(!availability.run)('reading chips and conversation links in Chromium', () => {
  let server: ViteDevServer;
  let context: BrowserContext;
  let baseUrl: string;

  beforeAll(async () => {
    mkdirSync(ARTIFACTS, { recursive: true });
    ({ server, baseUrl } = await startHarnessDevServer());
    context = await launchChromium();
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], {
      origin: new URL(baseUrl).origin,
    });
  });

  afterAll(async () => {
    await context?.close();
    await server?.close();
  });

  async function open(query = '', viewport = VIEWPORTS[2]!): Promise<{ page: Page; errors: string[] }> {
    const page = await context.newPage();
    await page.setViewportSize(viewport);
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${baseUrl}test/browser/ui-harness.html${query}`);
    await page.waitForFunction(() => 'harness' in window, undefined, { timeout: 60_000 });
    await page.evaluate(() => (window as unknown as Harness).harness.app.ready);
    return { page, errors };
  }

  async function ask(page: Page, question: string) {
    await page.locator('#question').fill(question);
    await page.locator('#question').press('Enter');
    await page.locator('.turn-actions:not([hidden])').first().waitFor({ timeout: 30_000 });
  }

  const chipsOf = (page: Page, turn: number) =>
    page.locator('.turn').nth(turn).locator('.turn-reading .chip');
  const chipParts = async (page: Page, turn: number) =>
    chipsOf(page, turn).evaluateAll((chips) =>
      chips.map((chip) => {
        const select = chip.querySelector('select');
        return [
          chip.getAttribute('data-part'),
          select ? select.selectedOptions[0]?.textContent : chip.textContent,
        ];
      }),
    );

  it('the chips of the recorded reading appear above the answer, inside the card, at phone, tablet and desktop widths', async () => {
    for (const viewport of VIEWPORTS) {
      const { page, errors } = await open('', viewport);
      await ask(page, QUESTION);
      expect(await page.locator('.turn .reading-lead').first().textContent()).toBe('I read this as:');
      expect(await chipParts(page, 0)).toEqual([
        ['species', 'Yellow-bellied Sapsucker'],
        ['measure', 'relative abundance'],
        ['operation', 'when highest'],
        ['time', 'all year'],
        ['place', 'Michigan'],
      ]);
      const turn = page.locator('.turn').first();
      const reading = (await turn.locator('.turn-reading').boundingBox())!;
      const answer = (await turn.locator('.answer').boundingBox())!;
      const card = (await turn.boundingBox())!;
      expect(reading.y + reading.height).toBeLessThanOrEqual(answer.y + 1);
      for (const box of await chipsOf(page, 0).evaluateAll((chips) =>
        chips.map((chip) => chip.getBoundingClientRect().toJSON() as DOMRect),
      )) {
        expect(box.x).toBeGreaterThanOrEqual(card.x);
        expect(box.x + box.width).toBeLessThanOrEqual(card.x + card.width);
        expect(box.height).toBeLessThan(40); // one line per chip, not wrapped
      }
      // The Details view shows the frame the answer was computed from.
      await turn.locator('.trace > summary').click();
      await turn.locator('.trace-reading summary').click();
      expect(JSON.parse((await turn.locator('.trace-frame').textContent())!)).toEqual(RECORDED_FRAME);
      await turn.locator('.turn-reading').scrollIntoViewIfNeeded();
      await page.screenshot({ path: resolve(ARTIFACTS, `reading-chips-${viewport.width}.png`) });
      expect(errors).toEqual([]);
      await page.close();
    }
  });

  it('words the reader did not understand are said under the chips; chips wait while a turn runs', async () => {
    const { page } = await open();
    await page.evaluate((frame) => {
      const { control, app } = (window as unknown as Harness).harness;
      control.mode = 'hold';
      app.ask('Where is it in my backyard in winter?');
      const turnId = control.requests.at(-1)!.turnId as string;
      control.emit({
        type: 'reading',
        turnId,
        reading: {
          frame: { ...frame, times: [{ kind: 'season', season: 'nonbreeding' }] },
          summary: 'x',
          unknown: ['backyard'],
          alternatives: [],
          outOfScope: [],
          notes: [],
          carried: [],
          names: { yebsap: 'Yellow-bellied Sapsucker', 'USA-MI': 'Michigan' },
        },
      });
    }, RECORDED_FRAME);
    const turn = page.locator('.turn').first();
    expect(await turn.locator('.reading-unknown').textContent()).toBe("Not understood: 'backyard'");
    expect(await chipParts(page, 0)).toContainEqual(['time', 'winter']);
    const selects = turn.locator('.turn-reading select');
    expect(await selects.count()).toBeGreaterThan(3);
    expect(
      await selects.evaluateAll((list) => list.every((select) => (select as HTMLSelectElement).disabled)),
    ).toBe(true);
    await page.evaluate(() => {
      const { control } = (window as unknown as Harness).harness;
      const turnId = control.requests.at(-1)!.turnId as string;
      control.emit({
        type: 'turn-end',
        turnId,
        summary: {
          question: 'q',
          answer: 'No answer.',
          modelId: 'offline',
          calls: [],
          provenance: [],
          steps: 1,
        },
      });
    });
    await expect
      .poll(() =>
        selects.evaluateAll((list) => list.some((select) => (select as HTMLSelectElement).disabled)),
      )
      .toBe(false);
    await page.screenshot({ path: resolve(ARTIFACTS, 'reading-chips-unknown.png') });
    await page.close();
  });

  it('changing the time chip to winter from the keyboard re-asks with only the time changed, as a new turn', async () => {
    const { page, errors } = await open('', VIEWPORTS[0]);
    await ask(page, QUESTION);
    const time = chipsOf(page, 0).locator('select[data-part=time]');
    expect(
      await time.evaluate((select) =>
        [...(select as HTMLSelectElement).options].map((option) => option.textContent),
      ),
    ).toEqual([
      'all year',
      'winter',
      'spring migration',
      'breeding season',
      'fall migration',
      'January',
      'February',
      'March',
      'April',
      'May',
      'June',
      'July',
      'August',
      'September',
      'October',
      'November',
      'December',
    ]);
    // A closed native select moves to the next option on ArrowDown and fires change (Linux Chromium).
    await time.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(async () => (await requestsOf(page, ['ask'])).length).toBe(2);
    const [first, second] = await requestsOf(page, ['ask']);
    expect(first!.frame).toBeUndefined();
    expect(second!.frame).toEqual({ ...RECORDED_FRAME, times: [{ kind: 'season', season: 'nonbreeding' }] });
    expect(second!.question).toBe(
      'Yellow-bellied Sapsucker · relative abundance · when highest · winter · Michigan',
    );
    await page.locator('.turn').nth(0).locator('.turn-actions:not([hidden])').waitFor({ timeout: 30_000 });
    expect(await page.locator('.turn').count()).toBe(2);
    expect(await page.locator('.turn').first().locator('.turn-question').textContent()).toBe(
      second!.question,
    );
    // The edited reading has no names of its own: the chips keep the ones the first reading gave.
    expect(await chipParts(page, 0)).toEqual([
      ['species', 'Yellow-bellied Sapsucker'],
      ['measure', 'relative abundance'],
      ['operation', 'when highest'],
      ['time', 'winter'],
      ['place', 'Michigan'],
    ]);
    // The first turn keeps its own reading.
    expect(await chipParts(page, 1)).toContainEqual(['time', 'all year']);
    await page.locator('.turn').first().locator('.trace > summary').click();
    await page.locator('.turn').first().locator('.trace-reading summary').click();
    expect(
      JSON.parse((await page.locator('.turn').first().locator('.trace-frame').textContent())!).times,
    ).toEqual([{ kind: 'season', season: 'nonbreeding' }]);
    await page.screenshot({ path: resolve(ARTIFACTS, 'reading-chips-winter-390.png'), fullPage: true });
    await page
      .locator('.turn')
      .first()
      .screenshot({ path: resolve(ARTIFACTS, 'reading-chips-winter-card-390.png') });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('a share link with two questions asks both in order in one conversation, the second after the first ends', async () => {
    const questions = ['When does it peak?', 'and in winter?'];
    const { page, errors } = await open(
      `?${questions.map((question) => `q=${encodeURIComponent(question)}`).join('&')}&model=offline`,
      VIEWPORTS[1],
    );
    await expect.poll(() => page.locator('.turn-actions:not([hidden])').count(), { timeout: 30_000 }).toBe(2);
    const asks = await requestsOf(page, ['ask']);
    expect(asks.map((request) => request.question)).toEqual(questions);
    expect(asks.every((request) => (request.model as { kind: string }).kind === 'offline')).toBe(true);
    const timeline = await page.evaluate(() => (window as unknown as Harness).harness.control.timeline);
    expect(timeline.indexOf(`ask:${questions[1]}`)).toBeGreaterThan(
      timeline.indexOf(`turn-end:${String(asks[0]!.turnId)}`),
    );
    expect(timeline.indexOf(`turn-end:${String(asks[0]!.turnId)}`)).toBeGreaterThan(
      timeline.indexOf(`ask:${questions[0]}`),
    );
    const newest = page.locator('.turn').first();
    expect(await newest.locator('.turn-question').textContent()).toBe('and in winter?');
    // 0.6543 as written, shown with three significant digits when it is a traced figure (src/ui/shown-figure.ts).
    expect(await newest.locator('.answer').textContent()).toContain('0.654');
    expect(await newest.getAttribute('data-turn-id')).toBe(asks[1]!.turnId);
    // The second turn's link holds the whole conversation; the first turn's only its question.
    await newest.getByRole('button', { name: 'Copy share link' }).click();
    const link = new URL(await page.evaluate(() => navigator.clipboard.readText()));
    expect(link.searchParams.getAll('q')).toEqual(questions);
    expect(link.pathname).toBe('/perch/test/browser/ui-harness.html');
    await page.locator('.turn').nth(1).getByRole('button', { name: 'Copy share link' }).click();
    expect(
      new URL(await page.evaluate(() => navigator.clipboard.readText())).searchParams.getAll('q'),
    ).toEqual([questions[0]]);
    await page.screenshot({ path: resolve(ARTIFACTS, 'share-conversation-768.png') });
    expect(errors).toEqual([]);
    await page.close();
  });
});

interface Harness {
  harness: {
    app: { ready: Promise<void>; ask(question: string): void };
    control: {
      mode: 'recorded' | 'hold';
      requests: Record<string, unknown>[];
      timeline: string[];
      emit(event: unknown): void;
    };
  };
}

async function requestsOf(page: Page, types: string[]): Promise<Record<string, unknown>[]> {
  return page.evaluate(
    (types) =>
      (window as unknown as Harness).harness.control.requests.filter((request) =>
        types.includes(String(request.type)),
      ),
    types,
  );
}
