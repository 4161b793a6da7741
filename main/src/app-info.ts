import { existsSync, readFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';

/**
 * Finds the app's root (the directory with our package.json) above a built or source file.
 *
 * The main bundle lives in out/main, its sources in main/src and its host entry one level deeper;
 * walking up to package.json finds the root from any of them without hard-coding the depth.
 */
export function findAppRoot(startDir: string): string {
  let dir = startDir;
  for (;;) {
    const manifest = join(dir, 'package.json');
    if (existsSync(manifest)) {
      try {
        const name = (JSON.parse(readFileSync(manifest, 'utf8')) as { name?: unknown }).name;
        if (name === 'palette-console') return dir;
      } catch {
        // An unreadable manifest is not ours; keep walking.
      }
    }
    const parent = dirname(dir);
    if (parent === dir) throw new Error(`No palette-console package.json above ${startDir}`);
    dir = parent;
  }
}

/** The version in the app's package.json; electron-builder stamps releases from the same field. */
export function readAppVersion(root: string): string {
  try {
    const version = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { version?: unknown }).version;
    return typeof version === 'string' ? version : '0.0.0';
  } catch {
    return '0.0.0';
  }
}

/**
 * The renderer build this main serves (out/renderer/build-id.json, written by the renderer build),
 * so `app.info` can tell which renderer is loaded when chasing a stale-chunk report.
 */
export function readRendererBuild(rendererDir: string): string {
  try {
    const build = (JSON.parse(readFileSync(join(rendererDir, 'build-id.json'), 'utf8')) as { build?: unknown }).build;
    return typeof build === 'string' && build !== '' ? build : 'unknown';
  } catch {
    return 'unknown';
  }
}

/**
 * Where the app keeps its files when Electron's `app.getPath('userData')` is not available (the
 * browser edition): the same directory Electron would use, so both editions share preferences.
 */
export function defaultUserDataDir(productName: string, env: NodeJS.ProcessEnv = process.env, platform: NodeJS.Platform = process.platform, home: string = homedir()): string {
  switch (platform) {
    case 'darwin':
      return join(home, 'Library', 'Application Support', productName);
    case 'win32':
      return join(env['APPDATA'] ?? join(home, 'AppData', 'Roaming'), productName);
    default:
      return join(env['XDG_CONFIG_HOME'] ?? join(home, '.config'), productName);
  }
}

/** The help and legal pages an installation may host itself, by environment variable. */
const linkVariables = { help: 'PALETTE_HELP_URL', privacy: 'PALETTE_PRIVACY_URL', terms: 'PALETTE_TERMS_URL' } as const;

export type ConfiguredLinks = { -readonly [K in keyof typeof linkVariables]?: string };

/** An absolute http(s) URL, normalized; anything else (javascript:, file:, a typo) is null. */
function httpUrl(value: string | undefined): string | null {
  const text = value?.trim();
  if (!text) return null;
  try {
    const url = new URL(text);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.toString() : null;
  } catch {
    return null;
  }
}

/**
 * `app.info().links`: the help, privacy and terms pages configured by `PALETTE_HELP_URL`,
 * `PALETTE_PRIVACY_URL` and `PALETTE_TERMS_URL`. A value that is not an http(s) URL is ignored (and
 * logged by `onInvalid`), so a typo falls back to the console's own page instead of a dead link.
 */
export function configuredLinks(env: NodeJS.ProcessEnv = process.env, onInvalid?: (variable: string) => void): ConfiguredLinks {
  const links: ConfiguredLinks = {};
  for (const [id, variable] of Object.entries(linkVariables) as [keyof ConfiguredLinks, string][]) {
    const raw = env[variable];
    if (raw === undefined || raw.trim() === '') continue;
    const url = httpUrl(raw);
    if (url) links[id] = url;
    else onInvalid?.(variable);
  }
  return links;
}

/**
 * The User-Agent main's requests carry, so the server's sign-in records name the console:
 * `PaletteConsole/0.1.0 (desktop; linux x64)`. The renderer reads it back (lib/user-agent.ts).
 */
export function consoleUserAgent(info: { readonly version: string; readonly edition: 'desktop' | 'browser'; readonly platform: string }, arch: string = process.arch): string {
  return `PaletteConsole/${info.version} (${info.edition}; ${info.platform} ${arch})`;
}
