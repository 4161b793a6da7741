import { readFile } from 'node:fs/promises';
import { protocol } from 'electron';
import { type MediaPreviewHandler } from './media/previews';
import { resolveStaticFile, staticResponseHeaders } from './static-files';
import { APP_HOST, APP_SCHEME, type ContentPolicies } from './web-security';

/**
 * Registers `app:` as a standard, secure scheme. Must run before the app is ready.
 *
 * Loading the renderer from `file://` would give every local file the page's origin; a standard
 * scheme gives it a real origin (`app://palette`) that CSP, the sender check and navigation rules
 * can name, and lets fetch and code caching work as on the web.
 */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // corsEnabled: the PAG player runs with an opaque origin and loads its module scripts with CORS.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, corsEnabled: true, codeCache: true } },
  ]);
}

/**
 * Answers one `app://palette/...` request from the built renderer, with the same rules as the
 * browser edition's host: no way out of the directory, correct MIME types, index.html for client
 * routes, and the Content-Security-Policy (the console's, or the PAG player's) on the response itself.
 */
export async function serveAppRequest(request: Request, rendererDir: string, policies: ContentPolicies, media?: MediaPreviewHandler | null): Promise<Response> {
  const url = new URL(request.url);
  if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response('Method not allowed', { status: 405 });
  if (media?.handles(url.pathname)) {
    const answer = await media.serve(url.pathname, request.method, request.headers.get('range') ?? undefined);
    return new Response(answer.body, { status: answer.status, headers: { 'X-Content-Type-Options': 'nosniff', ...answer.headers } });
  }
  const resolution = await resolveStaticFile(rendererDir, url.pathname);
  switch (resolution.kind) {
    case 'refused':
      return new Response('Forbidden', { status: 403 });
    case 'not-found':
      return new Response('Not found', { status: 404 });
    case 'file': {
      const body = request.method === 'HEAD' ? null : await readFile(resolution.path);
      return new Response(body, { status: 200, headers: staticResponseHeaders(resolution, url.pathname, policies) });
    }
  }
}

/**
 * Serves the renderer on `app://palette/`; call once the app is ready. `media` answers the media
 * preview paths once the core exists (it is created after the protocol is registered).
 */
export function handleAppProtocol(rendererDir: string, policies: ContentPolicies, media: () => MediaPreviewHandler | null = () => null): void {
  protocol.handle(APP_SCHEME, (request) => serveAppRequest(request, rendererDir, policies, media()));
}
