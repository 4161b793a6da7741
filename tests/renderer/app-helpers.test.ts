import { describe, expect, it, vi } from 'vitest';
import { compiledRendererBuild, devBuild, isNewContentAvailable } from '../../renderer/src/layout/build-stamp';
import { ChunkLoadError, chunkTimeoutMs, lazyPage, retryFailedPages, withChunkTimeout } from '../../renderer/src/components/lazy-page';
import { messageDurationMs, noticeDuration, notificationDurationMs } from '../../renderer/src/components/notices';
import { loginUrlFor, safeRedirect } from '../../renderer/src/app/redirect';
import { prefetchIntentDelayMs, prefetchViewportMargin } from '../../renderer/src/components/prefetch';
import { queryKeys, resourceOf } from '../../renderer/src/data/query-keys';
import { nextHeaderHidden } from '../../renderer/src/layout/hide-on-scroll';
import { accountTabOf } from '../../renderer/src/pages/account/account-page';

describe('safeRedirect', () => {
  it('accepts paths inside the console', () => {
    expect(safeRedirect('/account?tab=security')).toBe('/account?tab=security');
    expect(safeRedirect('/projects/42/general#apps')).toBe('/projects/42/general#apps');
  });
  it('refuses anything that could leave the console or loop', () => {
    for (const value of [null, '', 'https://evil.test', '//evil.test', '/\\evil.test', 'javascript:alert(1)', '/login', '/login?redirect=/x', '/', '/a\nb']) {
      expect(safeRedirect(value)).toBe('/welcome');
    }
  });
  it('builds the sign-in address that returns to a location', () => {
    expect(loginUrlFor({ pathname: '/account', search: '?tab=security', hash: '' })).toBe('/login?redirect=%2Faccount%3Ftab%3Dsecurity');
    expect(loginUrlFor({ pathname: '/', search: '', hash: '' })).toBe('/login');
  });
});

describe('new content notice', () => {
  it('prompts only when both builds are known and differ', () => {
    expect(isNewContentAvailable('b1', 'b2')).toBe(true);
    expect(isNewContentAvailable('b1', 'b1')).toBe(false);
    expect(isNewContentAvailable(devBuild, 'b2')).toBe(false);
    expect(isNewContentAvailable('b1', devBuild)).toBe(false);
    expect(isNewContentAvailable('b1', undefined)).toBe(false);
  });
  it('falls back to dev when the build defined no stamp', () => {
    expect(compiledRendererBuild()).toBe(devBuild);
  });
});

describe('chunk loading (spec §8)', () => {
  it('times out after 120 s with a load-failed error', async () => {
    expect(chunkTimeoutMs).toBe(120_000);
    vi.useFakeTimers();
    try {
      const pending = withChunkTimeout(new Promise(() => undefined));
      const assertion = expect(pending).rejects.toMatchObject({ name: 'ChunkLoadError', reason: 'timeout' });
      await vi.advanceTimersByTimeAsync(chunkTimeoutMs);
      await assertion;
    } finally {
      vi.useRealTimers();
    }
  });
  it('turns a failed import into a load-failed error and passes a loaded one through', async () => {
    await expect(withChunkTimeout(Promise.reject(new TypeError('Failed to fetch dynamically imported module')))).rejects.toBeInstanceOf(ChunkLoadError);
    await expect(withChunkTimeout(Promise.resolve(42))).resolves.toBe(42);
  });
});

describe('lazyPage', () => {
  it('loads once, and loads again after a failure only when retried', async () => {
    const Page = () => null;
    const load = vi.fn().mockRejectedValueOnce(new TypeError('offline')).mockResolvedValue({ default: Page });
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toBeInstanceOf(ChunkLoadError);
    retryFailedPages();
    await expect(page.preload()).resolves.toEqual({ default: Page });
    await page.preload();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('spec §9 constants', () => {
  it('shows messages 3 s and notifications 4.5 s', () => {
    expect(messageDurationMs).toBe(3000);
    expect(notificationDurationMs).toBe(4500);
    expect(noticeDuration({ kind: 'message' })).toBe(3000);
    expect(noticeDuration({ kind: 'notification' })).toBe(4500);
  });
  it('prefetches on intent after 50 ms and 100 px before the viewport', () => {
    expect(prefetchIntentDelayMs).toBe(50);
    expect(prefetchViewportMargin).toBe('100px');
  });
});

describe('query keys', () => {
  it('nest so that a resource prefix covers its routes and calls', () => {
    const call = queryKeys.call('auth.signIns', { query: { page: 2 } });
    const route = queryKeys.route('auth.signIns');
    const resource = queryKeys.resource('auth');
    expect(call.slice(0, route.length)).toEqual([...route]);
    expect(route.slice(0, resource.length)).toEqual([...resource]);
    expect(resourceOf('auth.me')).toBe('auth');
    expect(queryKeys.session()).not.toEqual(queryKeys.appInfo());
  });
});

describe('hide header on scroll', () => {
  it('hides while scrolling down past the header and shows on the way up', () => {
    expect(nextHeaderHidden(0, 30, false, 52)).toBe(false);
    expect(nextHeaderHidden(100, 160, false, 52)).toBe(true);
    expect(nextHeaderHidden(160, 120, true, 52)).toBe(false);
    expect(nextHeaderHidden(160, 162, true, 52)).toBe(true);
  });
});

describe('account tabs', () => {
  it('reads the tab from the address and defaults to Basic', () => {
    expect(accountTabOf('security')).toBe('security');
    expect(accountTabOf(null)).toBe('basic');
    expect(accountTabOf('binding')).toBe('basic');
  });
});
