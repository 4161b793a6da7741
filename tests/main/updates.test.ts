import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { type UpdateState } from '@contract/ipc';
import { createUnsupportedUpdates, ElectronUpdates, resolveUpdateUrl, type UpdaterLike } from '../../main/src/updates';

class FakeUpdater extends EventEmitter {
  autoDownload = false;
  autoInstallOnAppQuit = false;
  feed: unknown = null;
  /** The version the next check finds, or null for none. */
  available: string | null = null;
  readonly checkForUpdates = vi.fn(async () => {
    this.emit('checking-for-update');
    if (this.available) this.emit('update-available', { version: this.available });
    else this.emit('update-not-available', { version: '0.1.0' });
    return null;
  });
  readonly quitAndInstall = vi.fn();
  setFeedURL(options: unknown): void {
    this.feed = options;
  }
}

function setup(confirm: boolean) {
  const updater = new FakeUpdater();
  const confirmRestart = vi.fn(async () => confirm);
  const updates = new ElectronUpdates({ updater: updater as unknown as UpdaterLike, feedUrl: 'https://downloads.example/palette/', confirmRestart });
  const states: UpdateState[] = [];
  updates.onDidChange((state) => states.push(state));
  return { updater, updates, states, confirmRestart };
}

describe('updates', () => {
  it('takes the download server from configuration, environment first', () => {
    expect(resolveUpdateUrl({}, undefined)).toBeNull();
    expect(resolveUpdateUrl({}, 'https://prefs.example/')).toBe('https://prefs.example/');
    expect(resolveUpdateUrl({ PALETTE_UPDATE_URL: 'https://env.example/r' }, 'https://prefs.example/')).toBe('https://env.example/r');
    expect(resolveUpdateUrl({ PALETTE_UPDATE_URL: 'file:///tmp/x' }, undefined)).toBeNull();
  });

  it('uses the generic provider with the configured URL and downloads in the background', () => {
    const { updater } = setup(true);
    expect(updater.feed).toEqual({ provider: 'generic', url: 'https://downloads.example/palette/' });
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
  });

  it('follows the updater through checking, downloading and ready, then asks before restarting', async () => {
    const { updater, updates, states, confirmRestart } = setup(true);
    updater.available = '1.2.0';
    await updates.check();
    updater.emit('download-progress', { percent: 41.6 });
    updater.emit('update-downloaded', { version: '1.2.0' });
    expect(states.map((s) => s.status)).toEqual(['checking', 'available', 'downloading', 'ready']);
    expect(states[2]).toEqual({ status: 'downloading', version: '1.2.0', progress: 42 });
    expect(updates.get()).toEqual({ status: 'ready', version: '1.2.0', progress: 100 });
    await vi.waitFor(() => expect(updater.quitAndInstall).toHaveBeenCalledOnce());
    expect(confirmRestart).toHaveBeenCalledWith('1.2.0');
  });

  it('does not restart when the operator says later, but installs on request', async () => {
    const { updater, updates, confirmRestart } = setup(false);
    updater.emit('update-downloaded', { version: '1.2.0' });
    await vi.waitFor(() => expect(confirmRestart).toHaveBeenCalled());
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
    await updates.install();
    expect(updater.quitAndInstall).toHaveBeenCalledOnce();
  });

  it('reports errors and a missing update as states', async () => {
    const { updater, updates } = setup(true);
    updater.emit('error', new Error('404'));
    expect(updates.get().status).toBe('error');
    updater.emit('update-not-available', { version: '0.1.0' });
    expect(updates.get()).toEqual({ status: 'idle', version: null, progress: null });
    await updates.install();
    expect(updater.quitAndInstall).not.toHaveBeenCalled();
  });

  it('checks at start and every four hours', async () => {
    vi.useFakeTimers();
    try {
      const { updater, updates } = setup(true);
      updates.start();
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(4 * 60 * 60 * 1000 - 1);
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(1);
      await vi.advanceTimersByTimeAsync(1);
      expect(updater.checkForUpdates).toHaveBeenCalledTimes(2);
      updates.stop();
    } finally {
      vi.useRealTimers();
    }
  });

  it("answers 'unsupported' where updates cannot happen", async () => {
    const updates = createUnsupportedUpdates();
    expect(updates.get().status).toBe('unsupported');
    await expect(updates.check()).resolves.toEqual({ status: 'unsupported', version: null, progress: null });
  });
});
