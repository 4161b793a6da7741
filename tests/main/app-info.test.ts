import { describe, expect, it, vi } from 'vitest';
import { appInfoSchema } from '@contract/ipc';
import { configuredLinks, consoleUserAgent } from '../../main/src/app-info';

describe('configured help and legal links', () => {
  it('reads PALETTE_HELP_URL, PALETTE_PRIVACY_URL and PALETTE_TERMS_URL', () => {
    const links = configuredLinks({
      PALETTE_HELP_URL: ' https://docs.example/console ',
      PALETTE_PRIVACY_URL: 'http://intranet.example/privacy',
      PALETTE_TERMS_URL: 'https://intranet.example/terms?lang=en',
    });
    expect(links).toEqual({
      help: 'https://docs.example/console',
      privacy: 'http://intranet.example/privacy',
      terms: 'https://intranet.example/terms?lang=en',
    });
    expect(appInfoSchema.shape.links.parse(links)).toEqual(links);
  });

  it('leaves out unset, empty and non-http(s) values, and names the refused variables', () => {
    const onInvalid = vi.fn();
    const links = configuredLinks(
      { PALETTE_HELP_URL: '', PALETTE_PRIVACY_URL: 'javascript:alert(1)', PALETTE_TERMS_URL: 'not a url' },
      onInvalid,
    );
    expect(links).toEqual({});
    expect(onInvalid.mock.calls.map(([variable]) => variable)).toEqual(['PALETTE_PRIVACY_URL', 'PALETTE_TERMS_URL']);
    expect(configuredLinks({ PALETTE_HELP_URL: 'file:///etc/passwd' })).toEqual({});
  });

  it('keeps app.info valid without links (older mains) and refuses other schemes', () => {
    const info = { name: 'Palette Console', version: '0.1.0', edition: 'desktop', platform: 'linux', serverUrl: 'http://127.0.0.1:1', embeddedServer: true, rendererBuild: 'x' };
    expect(appInfoSchema.safeParse(info).success).toBe(true);
    expect(appInfoSchema.safeParse({ ...info, links: { help: 'javascript:alert(1)' } }).success).toBe(false);
    expect(appInfoSchema.safeParse({ ...info, errorReporting: { production: true } }).success).toBe(true);
  });
});

describe('the console User-Agent', () => {
  it('names the product, version, edition, platform and architecture', () => {
    expect(consoleUserAgent({ version: '0.1.0', edition: 'browser', platform: 'linux' }, 'x64')).toBe('PaletteConsole/0.1.0 (browser; linux x64)');
    expect(consoleUserAgent({ version: '1.2.3', edition: 'desktop', platform: 'darwin' }, 'arm64')).toBe('PaletteConsole/1.2.3 (desktop; darwin arm64)');
    expect(consoleUserAgent({ version: '1.0.0', edition: 'desktop', platform: process.platform })).toContain(`${process.platform} ${process.arch}`);
  });
});
