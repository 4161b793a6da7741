import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { configuredLinks, defaultUserDataDir, findAppRoot, readAppVersion, readRendererBuild } from '../app-info';
import { createCore, type Core } from '../core';
import { configuredServerUrl, startEmbeddedServer, type EmbeddedServer } from '../embedded-server';
import { createLogger } from '../logger';
import { JsonFilePreferenceStore } from '../preferences';
import { openSecretStore, tokenAccount } from '../session/secret-store';
import { createUnsupportedUpdates } from '../updates';
import { startHost } from './host-server';

/**
 * The browser edition: main's services behind a loopback HTTP host, for machines where the
 * Electron runtime cannot be installed (and for end-to-end tests in Chromium).
 *
 * Nothing in this entry's import graph may load Electron (a test walks it). It prints one line on
 * stdout with the launch address; everything else goes to stderr.
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
  const embedded: EmbeddedServer | null = configured ? null : await startEmbeddedServer({ root, log });
  const serverUrl = configured ?? (embedded as EmbeddedServer).url;

  const secrets = await openSecretStore({ service: PRODUCT_NAME, account: tokenAccount(serverUrl, embedded !== null), log });
  const links = configuredLinks(env, (variable) => log.warn(`${variable} is not an http(s) URL; using the console's own page`));
  let core: Core | null = null;
  const host = await startHost({
    port: requestedPort(env['PALETTE_HOST_PORT']),
    preferredPort: PREFERRED_PORT,
    rendererDir,
    secret: randomBytes(32).toString('base64url'),
    log,
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
        updates: createUnsupportedUpdates(),
        // The page opens links itself (target=_blank, noopener); there is no system shell here.
        openExternal: async () => false,
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
