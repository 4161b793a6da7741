import { EventEmitter } from 'node:events';
import { describe, expect, it, vi } from 'vitest';
import { type UpdateState } from '@contract/ipc';
import {
  createUnsupportedUpdates,
  ElectronUpdates,
  planUpdates,
  publisherNamesOf,
  resolveUpdateUrl,
  updateFailureOf,
  type UpdatePlanInput,
  type UpdaterLike,
} from '../../main/src/updates';

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

  it('downloads only over https, and over http only from this machine', () => {
    const refused: string[] = [];
    const resolve = (url: string) => resolveUpdateUrl({ PALETTE_UPDATE_URL: url }, undefined, (u) => refused.push(u));
    expect(resolve('https://downloads.example/palette/')).toBe('https://downloads.example/palette/');
    expect(resolve('http://127.0.0.1:8080/releases/')).toBe('http://127.0.0.1:8080/releases/');
    expect(resolve('http://localhost:8080/')).toBe('http://localhost:8080/');
    expect(resolve('http://[::1]:8080/')).toBe('http://[::1]:8080/');
    expect(resolve('http://downloads.example/palette/')).toBeNull();
    expect(resolve('http://10.1.2.3/')).toBeNull();
    expect(resolve('ftp://downloads.example/')).toBeNull();
    expect(refused).toEqual(['http://downloads.example/palette/', 'http://10.1.2.3/', 'ftp://downloads.example/']);
  });

  it('plans no checks without an update URL, outside a packaged build, or over a refused URL', () => {
    const base: UpdatePlanInput = { env: {}, preference: undefined, packaged: true, platform: 'darwin', readAppUpdateConfig: () => null };
    expect(planUpdates(base)).toEqual({ off: 'Updates are off: no update URL is configured (PALETTE_UPDATE_URL)' });
    expect(planUpdates({ ...base, preference: 'https://downloads.example/' })).toEqual({ feedUrl: 'https://downloads.example/' });
    expect(planUpdates({ ...base, packaged: false, preference: 'https://downloads.example/' })).toEqual({ off: 'Updates are off: this is not a packaged build' });
    expect(planUpdates({ ...base, env: { PALETTE_UPDATE_URL: 'http://downloads.example/' } })).toEqual({
      off: 'Updates are off: the update URL must be https (http only on this machine): http://downloads.example/',
    });
  });

  it("falls back to the download server the build was published to (app-update.yml's url)", () => {
    const built = 'provider: generic\nurl: https://downloads.example/palette/\nupdaterCacheDirName: palette-console-updater\n';
    const base: UpdatePlanInput = { env: {}, preference: undefined, packaged: true, platform: 'darwin', readAppUpdateConfig: () => built };
    expect(planUpdates(base)).toEqual({ feedUrl: 'https://downloads.example/palette/' });
    expect(planUpdates({ ...base, preference: 'https://mirror.example/' })).toEqual({ feedUrl: 'https://mirror.example/' });
    expect(planUpdates({ ...base, readAppUpdateConfig: () => "url: 'http://downloads.example/'\n" })).toEqual({
      off: 'Updates are off: the update URL must be https (http only on this machine): http://downloads.example/',
    });
  });

  it('on Windows, checks only when the build names the publisher whose signature an installer must carry', () => {
    const win: UpdatePlanInput = { env: { PALETTE_UPDATE_URL: 'https://downloads.example/' }, preference: undefined, packaged: true, platform: 'win32', readAppUpdateConfig: () => null };
    const off = { off: 'Updates are off: this Windows build names no publisher to check the signature of an update against' };
    expect(planUpdates(win)).toEqual(off);
    expect(planUpdates({ ...win, readAppUpdateConfig: () => 'provider: generic\nurl: https://downloads.example/\nupdaterCacheDirName: palette-console-updater\n' })).toEqual(off);
    const signed = 'provider: generic\nurl: https://downloads.example/\npublisherName:\n  - Palette Ltd\nupdaterCacheDirName: palette-console-updater\n';
    expect(planUpdates({ ...win, readAppUpdateConfig: () => signed })).toEqual({ feedUrl: 'https://downloads.example/' });
  });

  it("reads the publisher names electron-builder writes into app-update.yml", () => {
    expect(publisherNamesOf('publisherName:\n  - Palette Ltd\n  - "CN=Palette Ltd, O=Palette Ltd, C=DE"\nupdaterCacheDirName: x\n')).toEqual([
      'Palette Ltd',
      'CN=Palette Ltd, O=Palette Ltd, C=DE',
    ]);
    expect(publisherNamesOf("provider: generic\npublisherName: 'Palette''s Ltd'\n")).toEqual(["Palette's Ltd"]);
    expect(publisherNamesOf('publisherName: null\n')).toEqual([]);
    expect(publisherNamesOf('publisherName:\nurl: x\n')).toEqual([]);
    expect(publisherNamesOf('provider: generic\n')).toEqual([]);
  });

  it('names what went wrong from the updater error codes', () => {
    const coded = (message: string, code: string) => Object.assign(new Error(message), { code });
    expect(updateFailureOf(coded('sha512 checksum mismatch, expected a, got b', 'ERR_CHECKSUM_MISMATCH'))).toBe('integrity');
    expect(updateFailureOf(coded('New version 1.2.0 is not signed by the application owner', 'ERR_UPDATER_INVALID_SIGNATURE'))).toBe('signature');
    expect(updateFailureOf(coded('connect ECONNREFUSED 127.0.0.1:9', 'ECONNREFUSED'))).toBe('unreachable');
    expect(updateFailureOf(coded('404 Not Found', 'HTTP_ERROR_404'))).toBe('unreachable');
    expect(updateFailureOf(new Error('Cannot parse update info'))).toBe('other');
  });

  it('uses the generic provider with the configured URL and downloads in the background', () => {
    const { updater } = setup(true);
    expect(updater.feed).toEqual({ provider: 'generic', url: 'https://downloads.example/palette/' });
    expect(updater.autoDownload).toBe(true);
    expect(updater.autoInstallOnAppQuit).toBe(true);
    expect((updater as unknown as { disableWebInstaller: boolean }).disableWebInstaller).toBe(true);
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
    expect(updates.get()).toEqual({ status: 'error', version: null, progress: null, failure: 'other' });
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
