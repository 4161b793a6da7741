import { describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { ConsoleLinkRouter, linkInArgv, registerProtocolClient } from '../../main/src/deep-links';

const fakeApp = electron.app as unknown as { isPackaged: boolean; setAsDefaultProtocolClient: ReturnType<typeof vi.fn> };

describe('palette:// links in the desktop app', () => {
  it('finds the link among the arguments Windows and Linux start the app with', () => {
    expect(linkInArgv(['C:\\Palette\\Palette Console.exe', '--allow-file-access', 'palette://invitations/accept?code=abc'])).toBe('palette://invitations/accept?code=abc');
    expect(linkInArgv(['/opt/palette/palette-console', 'PALETTE://preview/x'])).toBe('PALETTE://preview/x');
    expect(linkInArgv(['/opt/palette/palette-console', '--no-sandbox'])).toBeNull();
    expect(linkInArgv(['/opt/palette/palette-console', `palette://preview/${'a'.repeat(3000)}`])).toBeNull();
  });

  it('keeps a link that arrives before the window, for the window’s first address, once', () => {
    const router = new ConsoleLinkRouter();
    router.open('palette://login?reset=123456&email=a%40b.co');
    expect(router.takePending()).toBe('/login?reset=123456&email=a%40b.co');
    expect(router.takePending()).toBeNull();
  });

  it('hands links to the window once it is attached, and keeps only console links', () => {
    const router = new ConsoleLinkRouter();
    const shown: Array<string | null> = [];
    router.open('palette://not-a-screen');
    expect(router.takePending()).toBeNull();
    router.attach((path) => {
      shown.push(path);
      return true;
    });
    router.open('palette://preview/tok1');
    router.open('palette://settings?redirect=//evil');
    expect(shown).toEqual(['/preview/tok1', null]);
    expect(router.takePending()).toBeNull();
  });

  it('keeps the link when the window is gone (macOS, all windows closed)', () => {
    const router = new ConsoleLinkRouter();
    router.attach(() => false);
    router.open('palette://invitations/accept?code=abc');
    expect(router.takePending()).toBe('/invitations/accept?code=abc');
  });

  it('registers as the scheme’s handler only when packaged', () => {
    fakeApp.setAsDefaultProtocolClient.mockClear();
    fakeApp.isPackaged = false;
    expect(registerProtocolClient()).toBe(false);
    expect(fakeApp.setAsDefaultProtocolClient).not.toHaveBeenCalled();
    fakeApp.isPackaged = true;
    expect(registerProtocolClient()).toBe(true);
    expect(fakeApp.setAsDefaultProtocolClient).toHaveBeenCalledWith('palette');
    fakeApp.isPackaged = false;
  });
});
