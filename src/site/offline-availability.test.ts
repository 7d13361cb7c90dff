import { describe, expect, it } from 'vitest';
import { NO_SERVICE_WORKERS, offlineUnavailableReason } from './offline-availability';

const BUILT_HTTPS = { devServer: false, secureContext: true, serviceWorkers: true };

describe('offlineUnavailableReason', () => {
  it('the built site in a browser with service workers can keep data offline', () =>
    expect(offlineUnavailableReason(BUILT_HTTPS)).toBeUndefined());

  it('on the dev server it names the built site, although the browser has service workers', () => {
    const reason = offlineUnavailableReason({ ...BUILT_HTTPS, devServer: true });
    expect(reason).toBe(
      'Offline use is set up by the built site (npm run build && npm run preview); the dev server does not install it.',
    );
    expect(reason).not.toContain('browser with service workers');
  });

  it('over plain http on another host it names the address, not the browser', () => {
    const reason = offlineUnavailableReason({ ...BUILT_HTTPS, secureContext: false, serviceWorkers: false });
    expect(reason).toMatch(/https/);
    expect(reason).not.toBe(NO_SERVICE_WORKERS);
  });

  it('says the browser lacks service workers only when it does, on the built site in a secure context', () => {
    expect(offlineUnavailableReason({ ...BUILT_HTTPS, serviceWorkers: false })).toBe(NO_SERVICE_WORKERS);
    for (const setting of [
      { ...BUILT_HTTPS, devServer: true, serviceWorkers: false },
      { ...BUILT_HTTPS, secureContext: false },
      BUILT_HTTPS,
    ])
      expect(offlineUnavailableReason(setting), JSON.stringify(setting)).not.toBe(NO_SERVICE_WORKERS);
  });
});
