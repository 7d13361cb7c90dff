import { describe, expect, it } from 'vitest';
import { whenLoaded } from './deferred-views';

/** A view that records what was asked of it, and a load the test settles by hand. */
function pendingView() {
  const calls: string[] = [];
  let load!: () => void;
  let fail!: (error: Error) => void;
  const loading = new Promise<{ draw(name: string): void }>((resolve, reject) => {
    load = () => resolve({ draw: (name) => calls.push(name) });
    fail = reject;
  });
  return { calls, loading, load: () => load(), fail: (error: Error) => fail(error) };
}

describe('whenLoaded', () => {
  it('whenLoaded(loading) runs calls made before the view loads, in order, once it has', async () => {
    const view = pendingView();
    const later = whenLoaded(view.loading);
    later((loaded) => loaded.draw('basemap'));
    later((loaded) => loaded.draw('layer'));
    expect(view.calls).toEqual([]);
    view.load();
    await view.loading;
    expect(view.calls).toEqual(['basemap', 'layer']);
  });

  it('whenLoaded(loading) runs a call at once when the view is there', async () => {
    const view = pendingView();
    const later = whenLoaded(view.loading);
    view.load();
    await view.loading;
    later((loaded) => loaded.draw('layer'));
    expect(view.calls).toEqual(['layer']);
  });

  it('whenLoaded(loading) drops the waiting calls when the view does not load', async () => {
    const view = pendingView();
    const later = whenLoaded(view.loading);
    later((loaded) => loaded.draw('basemap'));
    view.fail(new Error('chunk missing'));
    await expect(view.loading).rejects.toThrow('chunk missing');
    expect(view.calls).toEqual([]);
  });
});
