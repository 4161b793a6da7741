import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

vi.mock('electron', () => import('./support/fake-electron'));

import * as electron from 'electron';
import { handleAppProtocol, registerAppScheme, serveAppRequest } from '../../main/src/app-protocol';
import { readRendererBuild } from '../../main/src/app-info';
import { contentPolicies } from '../../main/src/web-security';
import { createRendererFixture, type RendererFixture } from './support/renderer-fixture';

const policies = contentPolicies();
const csp = policies.console;
let fixture: RendererFixture;

beforeAll(() => {
  fixture = createRendererFixture();
});
afterAll(() => fixture.cleanup());

const get = (url: string, method = 'GET') => serveAppRequest(new Request(url, { method }), fixture.rendererDir, policies);

describe('the app:// protocol', () => {
  it('registers app: as a standard secure scheme and serves it from the renderer build', async () => {
    registerAppScheme();
    const registered = (electron.protocol.registerSchemesAsPrivileged as unknown as ReturnType<typeof vi.fn>).mock.calls[0]![0];
    expect(registered).toEqual([{ scheme: 'app', privileges: expect.objectContaining({ standard: true, secure: true, corsEnabled: true }) }]);
    handleAppProtocol(fixture.rendererDir, policies);
    const handler = (electron.protocol as unknown as { handlers: Map<string, (r: Request) => Promise<Response>> }).handlers.get('app')!;
    const response = await handler(new Request('app://palette/'));
    expect(response.status).toBe(200);
  });

  it('serves index.html with the CSP and client routes with index.html', async () => {
    for (const url of ['app://palette/', 'app://palette/index.html', 'app://palette/projects/42/paywalls']) {
      const response = await get(url);
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
      expect(response.headers.get('content-security-policy')).toBe(csp);
      expect(await response.text()).toContain('<div id="root">');
    }
  });

  it('serves assets with their MIME types', async () => {
    const js = await get('app://palette/assets/index-abc123.js');
    expect(js.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(js.headers.get('x-content-type-options')).toBe('nosniff');
    const css = await get('app://palette/assets/index-abc123.css');
    expect(css.headers.get('content-type')).toBe('text/css; charset=utf-8');
    expect((await get('app://palette/assets/missing.js')).status).toBe(404);
  });

  it('serves the PAG player under its own policy, to its opaque origin, and never falls back to the console', async () => {
    const page = await get('app://palette/pag-player/index.html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toBe(policies.pagPlayer);
    expect(page.headers.get('cache-control')).toBe('no-cache');
    const script = await get('app://palette/pag-player/pag-player-abc123.js');
    expect(script.headers.get('access-control-allow-origin')).toBe('*');
    expect(script.headers.get('cache-control')).toContain('immutable');
    for (const url of ['app://palette/pag-player/', 'app://palette/pag-player/projects/7']) {
      const response = await get(url);
      expect(response.status, url).toBe(404);
      expect(await response.text()).not.toContain('<div id="root">');
    }
    // The console's own files are not opened to other origins.
    expect((await get('app://palette/assets/index-abc123.js')).headers.get('access-control-allow-origin')).toBeNull();
    expect((await get('app://palette/')).headers.get('content-security-policy')).not.toContain('unsafe-eval');
  });

  it('refuses to leave the renderer directory', async () => {
    for (const url of ['app://palette/..%2fsecret.txt', 'app://palette/escape.txt', 'app://palette/%2e%2e%5csecret.txt', 'app://palette/assets/..%2f..%2fsecret.txt']) {
      const response = await get(url);
      expect(response.status, url).toBe(403);
      expect(await response.text()).not.toContain('TOP SECRET');
    }
    // The URL parser already folds dot segments (encoded or not) into the path: still nothing leaks.
    const folded = await get('app://palette/%2e%2e/secret.txt');
    expect(folded.status).toBe(404);
  });

  it('answers only its own host and only reads', async () => {
    expect((await get('app://other/')).status).toBe(404);
    expect((await get('app://palette/', 'POST')).status).toBe(405);
  });

  it('reads the renderer build id for app.info', () => {
    expect(readRendererBuild(fixture.rendererDir)).toBe('20260101T000000Z-abcdef');
    expect(readRendererBuild(fixture.base)).toBe('unknown');
  });
});
