import { describe, expect, it } from 'vitest';
import { consoleLinkPaths, consolePathOf, consolePathOfLink, desktopConsoleLink, MAX_CONSOLE_LINK_LENGTH, webConsoleLink } from '@contract/console-links';

describe('console links', () => {
  it('builds the same path for the desktop link and the web address', () => {
    const path = consoleLinkPaths.invitation('AbC_123-xyz');
    expect(path).toBe('/invitations/accept?code=AbC_123-xyz');
    expect(desktopConsoleLink(path)).toBe('palette://invitations/accept?code=AbC_123-xyz');
    expect(webConsoleLink('https://console.example/', path)).toBe('https://console.example/invitations/accept?code=AbC_123-xyz');
    expect(consoleLinkPaths.passwordReset('ops+1@example.com', '042917')).toBe('/login?reset=042917&email=ops%2B1%40example.com');
    expect(consoleLinkPaths.preview('tok.en_1~')).toBe('/preview/tok.en_1~');
  });

  it('reads every link it builds back to its path, in both spellings of the scheme', () => {
    for (const path of [consoleLinkPaths.invitation('AbC_123-xyz'), consoleLinkPaths.passwordReset('ops+1@example.com', '042917'), consoleLinkPaths.preview('eyJhbGci.payload.sig')]) {
      expect(consolePathOfLink(desktopConsoleLink(path)), path).toBe(path);
      expect(consolePathOfLink(`palette://${path}`), path).toBe(path);
      expect(consolePathOfLink(`PALETTE:${path}`), path).toBe(path);
    }
    expect(consolePathOfLink('palette://invitations/accept/?code=abc')).toBe('/invitations/accept?code=abc');
  });

  it('keeps only the recognised parts: unknown parameters such as redirect are dropped', () => {
    expect(consolePathOfLink('palette://invitations/accept?code=abc&redirect=//evil.example')).toBe('/invitations/accept?code=abc');
    expect(consolePathOfLink('palette://login?reset=123456&email=a%40b.co&redirect=%2F%2Fevil')).toBe('/login?reset=123456&email=a%40b.co');
    expect(consolePathOf('/preview/abc', new URLSearchParams('x=1'))).toBe('/preview/abc');
  });

  it('refuses everything else', () => {
    for (const link of [
      'https://console.example/invitations/accept?code=abc',
      'javascript:alert(1)',
      'palette://projects/7',
      'palette://invitations/accept',
      'palette://invitations/accept?code=',
      'palette://invitations/accept?code=a%20b',
      'palette://login?reset=123456',
      'palette://login?reset=123456&email=not-an-email',
      'palette://preview/',
      'palette://preview/a/b',
      'palette://preview/..%2F..%2Fetc',
      'palette://preview/..',
      'palette://preview/%2E%2E',
      'palette://user:pw@invitations/accept?code=abc',
      'palette://invitations:80/accept?code=abc',
      'palette://../invitations/accept?code=abc/../../x',
      'not a url',
    ]) {
      expect(consolePathOfLink(link), link).toBeNull();
    }
  });

  it('takes a link of up to 2048 characters, and none longer', () => {
    const longest = (n: number) => `palette://preview/${'a'.repeat(n - 'palette://preview/'.length)}`;
    expect(consolePathOfLink(longest(MAX_CONSOLE_LINK_LENGTH))).toBe(`/preview/${'a'.repeat(MAX_CONSOLE_LINK_LENGTH - 18)}`);
    expect(consolePathOfLink(longest(MAX_CONSOLE_LINK_LENGTH + 1))).toBeNull();
  });
});
