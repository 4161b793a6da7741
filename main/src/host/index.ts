import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredLinks, defaultUserDataDir, findAppRoot, readAppVersion, readRendererBuild } from '../app-info';
import { createCore, type Core } from '../core';
import { configuredServerUrl } from '../embedded-server';
import { createLogger } from '../logger';
import { JsonFilePreferenceStore } from '../preferences';
import { superviseEmbeddedServer, type ServerSupervisor } from '../server-supervisor';
import { openSecretStore, tokenAccount } from '../session/secret-store';
import { createUnsupportedUpdates } from '../updates';
import { startHost } from './host-server';

/**
 * The browser edition: main's services behind a loopback HTTP host, for machines where the
 * Electron runtime cannot be installed (and for end-to-end tests in Chromium).
 *
 * Nothing in this entry's import graph may load Electron (a test walks it). It prints one line on
 * stdout with the launch address; everything else goes to stderr, including the next launch link
 * each time one is used (a launch link works once; see host-server.ts).
 */

const PRODUCT_NAME = 'Palette Console';
const PREFERRED_PORT = 5178;

function requestedPort(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PALETTE_HOST_PORT is not a port: ${value}`);
  return port;
}

async function main(): Promise<void> {
  const log = createLogger('host');
  const env = process.env;
  const root = findAppRoot(dirname(fileURLToPath(import.meta.url)));
  const rendererDir = join(root, 'out', 'renderer');
  if (!existsSync(join(rendererDir, 'index.html'))) log.warn(`No renderer build in ${rendererDir}; run npx electron-vite build`);

  const userData = env['PALETTE_USER_DATA_DIR']?.trim() || defaultUserDataDir(PRODUCT_NAME);
  const preferences = new JsonFilePreferenceStore(join(userData, 'preferences.json'));
  const configured = configuredServerUrl(env, preferences.get('serverUrl'));
  // Supervised (issue 12): restarted on the same data when it stops unexpectedly; its log file is
  // where the console points the operator when it keeps stopping.
  const embedded: ServerSupervisor | null = configured ? null : superviseEmbeddedServer({ root, logPath: join(userData, 'logs', 'server.log'), log });
  const serverUrl = configured ?? (await (embedded as ServerSupervisor).start());

  const secrets = await openSecretStore({ service: PRODUCT_NAME, account: tokenAccount(serverUrl, embedded !== null), log });
  const links = configuredLinks(env, (variable) => log.warn(`${variable} is not an http(s) URL; using the console's own page`));
  let core: Core | null = null;
  const host = await startHost({
    port: requestedPort(env['PALETTE_HOST_PORT']),
    preferredPort: PREFERRED_PORT,
    rendererDir,
    log,
    onLaunchUrl: (url) => process.stderr.write(`${PRODUCT_NAME} (browser edition): that launch link is used up; another browser can open ${url}\n`),
    connect: (origin) => {
      core = createCore({
        serverUrl,
        secrets,
        trustedOrigins: [origin],
        appInfo: {
          name: PRODUCT_NAME,
          version: readAppVersion(root),
          edition: 'browser',
          platform: process.platform,
          rendererBuild: readRendererBuild(rendererDir),
          links,
        },
        embeddedServer: embedded !== null,
        supervisor: embedded ?? undefined,
        updates: createUnsupportedUpdates(),
        // The page opens links itself (target=_blank, noopener); there is no system shell here.
        openExternal: async () => false,
        // Issue 14: the session memo (open offline as the kept session's operator) and the media
        // previews already seen, kept between runs.
        preferences,
        mediaCacheDir: join(userData, 'media-cache'),
        log,
      });
      return core;
    },
  });
  (core as Core | null)?.start();
  process.stdout.write(`${PRODUCT_NAME} (browser edition) at ${host.launchUrl}\n`);

  let stopping = false;
  const shutdown = async () => {
    if (stopping) return;
    stopping = true;
    (core as Core | null)?.stop();
    await host.close();
    await embedded?.stop();
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown());
  process.once('SIGTERM', () => void shutdown());
}

main().catch((error: unknown) => {
  process.stderr.write(`Palette Console (browser edition) failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
