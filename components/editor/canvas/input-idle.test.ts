import { afterEach, describe, expect, it, vi } from 'vitest';

describe('keysQuiet', () => {
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('resolves once no key has been pressed for the pause, each key starting it again', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    const { keysQuiet } = await import('./input-idle');
    // No key yet: at once.
    await keysQuiet(300);

    page.dispatchEvent(new Event('keydown'));
    let done = false;
    void keysQuiet(300).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(200);
    expect(done).toBe(false);
    page.dispatchEvent(new Event('keydown'));
    await vi.advanceTimersByTimeAsync(250);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(done).toBe(true);
  });

  it('notes keys from watchKeys on: a wait that starts after a key counts it', async () => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'performance'] });
    const page = new EventTarget();
    vi.stubGlobal('window', page);
    const { keysQuiet, watchKeys } = await import('./input-idle');
    watchKeys();
    page.dispatchEvent(new Event('keydown'));
    let done = false;
    void keysQuiet(300).then(() => (done = true));
    await vi.advanceTimersByTimeAsync(250);
    expect(done).toBe(false);
    await vi.advanceTimersByTimeAsync(60);
    expect(done).toBe(true);
  });
});
