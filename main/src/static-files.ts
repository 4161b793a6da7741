import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { type ContentPolicies, isPagPlayerPath, policyForPath } from './web-security';

/**
 * Serving the built renderer (out/renderer) from a directory, for the desktop app's `app://`
 * protocol and for the browser edition's host alike.
 *
 * Both serve user-reachable URLs from disk, so the same rules apply to both: a path that leaves the
 * directory (`..`, encoded or not, through a symlink, or absolute) is refused; a missing file with an
 * extension is a 404; any other unknown path falls back to index.html so client-side routes load.
 */

const mimeTypes: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.ico': 'image/x-icon',
  '.woff': 'font/woff',
  '.woff2': 'font/woff2',
  '.ttf': 'font/ttf',
  '.otf': 'font/otf',
  '.wasm': 'application/wasm',
  '.mp4': 'video/mp4',
  '.webm': 'video/webm',
  '.mov': 'video/quicktime',
  '.pag': 'application/octet-stream',
};

/** The Content-Type of a file by its extension; unknown kinds are served as opaque bytes. */
export function mimeTypeOf(path: string): string {
  return mimeTypes[extname(path).toLowerCase()] ?? 'application/octet-stream';
}

/** What a URL path maps to: a file (or index.html for a client route), nothing, or a refusal. */
export type StaticResolution =
  | { readonly kind: 'file'; readonly path: string; readonly mimeType: string; readonly fallback: boolean }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'refused' };

async function isFile(path: string): Promise<boolean> {
  try {
    return (await stat(path)).isFile();
  } catch {
    return false;
  }
}

function inside(root: string, candidate: string): boolean {
  const rel = relative(root, candidate);
  return rel === '' || (!rel.startsWith('..' + sep) && rel !== '..' && !isAbsolute(rel));
}

/**
 * Maps a URL path (as received, still percent-encoded, without the query) to a file under `root`.
 * The PAG player's paths never fall back to index.html: the console must not be served under the
 * player's looser policy.
 */
export async function resolveStaticFile(root: string, urlPath: string): Promise<StaticResolution> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return { kind: 'refused' };
  }
  if (decoded.includes('\0') || decoded.includes('\\') || !decoded.startsWith('/')) return { kind: 'refused' };
  const segments = decoded.split('/');
  if (segments.some((s) => s === '..' || s === '.')) return { kind: 'refused' };

  const base = resolve(root);
  const relativePath = decoded === '/' ? 'index.html' : decoded.slice(1);
  const candidate = resolve(base, relativePath);
  if (!inside(base, candidate)) return { kind: 'refused' };

  if (await isFile(candidate)) {
    // A symlink inside the renderer directory must not lead outside it.
    const [realBase, realCandidate] = await Promise.all([realpath(base), realpath(candidate)]);
    if (!inside(realBase, realCandidate)) return { kind: 'refused' };
    return { kind: 'file', path: candidate, mimeType: mimeTypeOf(candidate), fallback: false };
  }
  // A missing file with a file extension is a 404; a client route may hold dots (a preview token's
  // `pv1.<payload>.<signature>` ends in 43 characters, no extension).
  if (/^\.[A-Za-z0-9]{1,8}$/.test(extname(relativePath)) || isPagPlayerPath(decoded)) return { kind: 'not-found' };

  const index = join(base, 'index.html');
  if (!(await isFile(index))) return { kind: 'not-found' };
  return { kind: 'file', path: index, mimeType: mimeTypeOf(index), fallback: true };
}

/**
 * Headers every renderer response carries besides its type. Vite's hashed files (under assets/, and
 * the PAG player's scripts) never change, so they may be cached for good; anything else (index.html,
 * build-id.json, the player's page) must be asked for again, or a new build would load old names.
 *
 * The PAG player runs with an opaque origin, so its module scripts are cross-origin requests for
 * the browser: they are answered to any origin (they are public library code and hold no secret).
 */
export function staticResponseHeaders(
  resolution: { readonly path: string; readonly mimeType: string },
  urlPath: string,
  policies: ContentPolicies,
): Record<string, string> {
  const player = isPagPlayerPath(urlPath);
  const hashed = /[\\/]assets[\\/]/.test(resolution.path) || (player && extname(resolution.path) === '.js');
  return {
    'Content-Type': resolution.mimeType,
    'Content-Security-Policy': policyForPath(policies, urlPath),
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    'Cache-Control': hashed ? 'public, max-age=31536000, immutable' : 'no-cache',
    ...(player ? { 'Access-Control-Allow-Origin': '*' } : {}),
  };
}
