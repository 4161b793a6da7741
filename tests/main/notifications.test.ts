import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import type * as electron from 'electron';
import { EventHub } from '../../main/src/events';
import { ConsoleLinkRouter } from '../../main/src/deep-links';
import { createDesktopShell } from '../../main/src/desktop-shell';
import { InterfaceLanguage } from '../../main/src/interface-language';
import { createIpcRouter } from '../../main/src/ipc/router';
import { isPublishRoute, reportLongWork, type LongWork } from '../../main/src/long-work';
import { messagesFor } from '../../main/src/messages';
import { notificationText } from '../../main/src/notifications';
import { BrowserWindow as FakeWindow, Notification as FakeNotification } from './support/fake-electron';
import { stubHandlers } from './support/handlers';

const sender = { origin: 'app://palette' };
const upload = { status: 'uploaded' as const, upload: { id: '0f8fad5b-d9cb-469f-a165-70867728950e', url: 'https://cdn.example/a.png', name: 'summer.png', rule: 'startPage.image', type: 'image/png', kind: 'image', size: 10, width: 1, height: 1, sha256: 'a'.repeat(64) } };

describe('long work', () => {
  it('knows which API routes publish', () => {
    expect(isPublishRoute('config.paywalls.publish')).toBe(true);
    expect(isPublishRoute('config.banners.promote')).toBe(true);
    expect(isPublishRoute('config.banners.unpublish')).toBe(false);
    expect(isPublishRoute('auth.me')).toBe(false);
  });

  it('reports finished uploads and publishes, passing their answers through', async () => {
    const reports: LongWork[] = [];
    let publishCode = 0;
    const handlers = reportLongWork(
      stubHandlers({
        'media.upload': () => upload as never,
        'api.call': ({ routeId }) => (routeId.endsWith('.publish') ? { code: publishCode, message: publishCode ? 'refused' : 'ok', data: { name: 'Summer sale' } } : { code: 0, message: 'ok', data: null }),
      }),
      (work) => reports.push(work),
    );
    const router = createIpcRouter(handlers, { trustedOrigins: ['app://palette'] });
    await expect(handlers['media.upload']({ projectId: upload.upload.id, token: 'token-0123456789abcdef' })).resolves.toBe(upload);
    await router.invoke('api.call', { routeId: 'config.paywalls.publish', input: { params: { projectId: 'p', id: 'i' }, body: { version: 1 } } }, sender);
    publishCode = 106006;
    await router.invoke('api.call', { routeId: 'config.paywalls.publish' }, sender);
    await router.invoke('api.call', { routeId: 'auth.me' }, sender);
    expect(reports).toEqual([
      { kind: 'upload', ok: true, name: 'summer.png' },
      { kind: 'publish', ok: true, name: 'Summer sale' },
      { kind: 'publish', ok: false, name: null },
    ]);
  });

  it('says nothing of a cancelled upload, and reports a failed one', async () => {
    const reports: LongWork[] = [];
    let fail = false;
    const handlers = reportLongWork(
      stubHandlers({
        'media.upload': () => {
          if (fail) throw new Error('network');
          return { status: 'cancelled' as const };
        },
      }),
      (work) => reports.push(work),
    );
    const router = createIpcRouter(handlers, { trustedOrigins: ['app://palette'] });
    await router.invoke('media.upload', { projectId: upload.upload.id, token: 'token-0123456789abcdef' }, sender);
    fail = true;
    await expect(router.invoke('media.upload', { projectId: upload.upload.id, token: 'token-0123456789abcdef' }, sender)).resolves.toMatchObject({ ok: false });
    expect(reports).toEqual([{ kind: 'upload', ok: false }]);
  });

  it('has its notification texts in both languages', () => {
    const works: LongWork[] = [
      { kind: 'upload', ok: true, name: 'a.png' },
      { kind: 'upload', ok: false },
      { kind: 'publish', ok: true, name: 'Sale' },
      { kind: 'publish', ok: true, name: null },
      { kind: 'publish', ok: false, name: null },
    ];
    expect(works.map((work) => notificationText(work, messagesFor('en-US')))).toEqual([
      { title: 'Upload finished', body: '“a.png” has been uploaded.' },
      { title: 'Upload failed', body: 'Open Palette Console to see why.' },
      { title: 'Published', body: '“Sale” has been published.' },
      { title: 'Published', body: 'The configuration has been published.' },
      { title: 'Publishing failed', body: 'Open Palette Console to see why.' },
    ]);
    expect(works.map((work) => notificationText(work, messagesFor('zh-CN')))).toEqual([
      { title: '上传完成', body: '“a.png”已上传。' },
      { title: '上传失败', body: '请打开 Palette Console 查看原因。' },
      { title: '已发布', body: '“Sale”已发布。' },
      { title: '已发布', body: '配置已发布。' },
      { title: '发布失败', body: '请打开 Palette Console 查看原因。' },
    ]);
  });
});

describe('notifications of the desktop shell', () => {
  function shell(window: FakeWindow | null, language = new InterfaceLanguage('en-US')) {
    const showWindow = vi.fn();
    const desktop = createDesktopShell({
      appName: 'Palette Console',
      version: '1.0.0',
      platform: 'linux',
      development: false,
      baseUrl: 'app://palette/',
      helpLinks: {},
      language,
      links: new ConsoleLinkRouter(),
      mainWindow: () => window as unknown as electron.BrowserWindow | null,
      showWindow,
      openExternal: async () => true,
    });
    return { desktop, showWindow };
  }

  it('notifies in the interface language when the window is in the background, and brings it back on click', () => {
    const window = new FakeWindow({});
    window.shown = true;
    window.focused = false;
    const language = new InterfaceLanguage('en-US');
    const { desktop, showWindow } = shell(window, language);
    const before = FakeNotification.shown.length;
    desktop.onWorkFinished({ kind: 'upload', ok: true, name: 'summer.png' });
    language.set('zh-CN');
    desktop.onWorkFinished({ kind: 'publish', ok: true, name: 'Summer sale' });
    const shown = FakeNotification.shown.slice(before);
    expect(shown.map((n) => n.options)).toEqual([
      { title: 'Upload finished', body: '“summer.png” has been uploaded.' },
      { title: '已发布', body: '“Summer sale”已发布。' },
    ]);
    shown[0]!.emit('click');
    expect(showWindow).toHaveBeenCalledOnce();
  });

  it('stays quiet while the operator looks at the console, and where the system has no notifications', () => {
    const window = new FakeWindow({});
    window.shown = true;
    window.focused = true;
    const { desktop } = shell(window);
    const before = FakeNotification.shown.length;
    desktop.onWorkFinished({ kind: 'upload', ok: true, name: 'a.png' });
    expect(FakeNotification.shown.length).toBe(before);
    window.minimized = true;
    desktop.onWorkFinished({ kind: 'upload', ok: true, name: 'a.png' });
    expect(FakeNotification.shown.length).toBe(before + 1);
    FakeNotification.supported = false;
    desktop.onWorkFinished({ kind: 'upload', ok: true, name: 'a.png' });
    FakeNotification.supported = true;
    expect(FakeNotification.shown.length).toBe(before + 1);
    shell(null).desktop.onWorkFinished({ kind: 'publish', ok: false, name: null });
    expect(FakeNotification.shown.at(-1)!.options.title).toBe('Publishing failed');
  });

  it('loads a link’s address in a window still loading, and asks a loaded console to navigate', () => {
    const window = new FakeWindow({});
    const router = new ConsoleLinkRouter();
    const events = new EventHub();
    const sent: unknown[] = [];
    events.subscribe((event, payload) => sent.push([event, payload]));
    const desktop = createDesktopShell({
      appName: 'Palette Console',
      version: '1.0.0',
      platform: 'linux',
      development: false,
      baseUrl: 'app://palette/',
      helpLinks: {},
      language: new InterfaceLanguage('en-US'),
      links: router,
      mainWindow: () => window as unknown as electron.BrowserWindow,
      showWindow: () => undefined,
      openExternal: async () => true,
    });
    router.open('palette://preview/tok-1');
    expect(desktop.windowUrl()).toBe('app://palette/preview/tok-1');
    expect(desktop.windowUrl()).toBe('app://palette/');
    desktop.start(events);
    window.webContents.loading = true;
    router.open('palette://invitations/accept?code=abc');
    expect(window.loadedUrl).toBe('app://palette/invitations/accept?code=abc');
    window.webContents.loading = false;
    router.open('palette://login?reset=123456&email=a%40b.co');
    expect(sent).toEqual([['shell.command', { command: 'navigate', path: '/login?reset=123456&email=a%40b.co' }]]);
  });
});
