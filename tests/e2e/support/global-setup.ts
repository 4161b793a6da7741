import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SMTPServer } from 'smtp-server';
import { e2eAdmin } from './accounts';
import { makeChain } from '../../server/helpers/apple-chain';

/**
 * Starts what the end-to-end suite drives: a real SMTP receiver on 127.0.0.1 (each mail saved as a
 * file the tests read) and the console through `npm start`'s own script, on a fresh embedded
 * database, so the suite proves the README's start command too.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const work = mkdtempSync(join(tmpdir(), 'palette-e2e-'));
  const mailDir = join(work, 'mail');
  rmSync(mailDir, { recursive: true, force: true });
  const { mkdirSync } = await import('node:fs');
  mkdirSync(mailDir);

  let mailCount = 0;
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        mailCount += 1;
        writeFileSync(join(mailDir, `${String(mailCount).padStart(4, '0')}.eml`), Buffer.concat(chunks));
        callback();
      });
    },
  });
  const smtpPort = await new Promise<number>((resolve) => {
    smtp.listen(0, '127.0.0.1', () => resolve((smtp.server.address() as { port: number }).port));
  });

  // The App Store's signatures in the run: a chain the suite makes, its root trusted by the server
  // (APPLE_ROOT_CERTIFICATES), its signing key kept for the specs (E2E_APPLE_SIGNER, commerce.spec.ts).
  const chain = makeChain();
  const appleRoot = join(work, 'apple-root.pem');
  const appleSigner = join(work, 'apple-signer.json');
  writeFileSync(appleRoot, chain.rootPem);
  writeFileSync(appleSigner, JSON.stringify(chain.exported));

  const child: ChildProcess = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: process.cwd(),
    env: {
      ...process.env,
      DATA_DIR: join(work, 'data'),
      PALETTE_USER_DATA_DIR: join(work, 'user-data'),
      ADMIN_EMAIL: e2eAdmin.email,
      ADMIN_PASSWORD: e2eAdmin.password,
      SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
      PALETTE_HOST_PORT: '0',
      PALETTE_EDITION: 'browser',
      PALETTE_SERVER_URL: '',
      NODE_ENV: 'test',
      APPLE_ROOT_CERTIFICATES: appleRoot,
      APPLE_ONLINE_CHECKS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });

  // A launch link works once; the console prints the next one on stderr each time one is used. The
  // newest is kept in a file, where openConsole (support/console.ts) takes a fresh one per page.
  const launchFile = join(work, 'launch-url');
  // Where the embedded API server listens (the stores' hooks are posted there), from the host's log.
  const serverFile = join(work, 'server-url');
  let errors = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    errors += chunk.toString();
    const links = [...errors.matchAll(/another browser can open (http:\/\/\S+)/g)];
    const newest = links.at(-1)?.[1];
    if (newest) writeFileSync(launchFile, newest);
    const server = /Embedded server listening at (http:\/\/\S+)/.exec(errors)?.[1];
    if (server) writeFileSync(serverFile, server);
    errors = errors.slice(-4_000);
  });

  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the console did not start in 120 s:\n${out}`)), 120_000);
    const onData = (chunk: Buffer) => {
      out += chunk.toString();
      const m = /browser edition\)? at (http:\/\/\S+)/.exec(out);
      if (m?.[1]) {
        clearTimeout(timer);
        resolve(m[1]);
      }
    };
    child.stdout?.on('data', onData);
    child.stderr?.on('data', (c: Buffer) => {
      out += c.toString();
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`the console exited with ${code}:\n${out}`));
    });
  });
  child.removeAllListeners('exit');

  writeFileSync(launchFile, url);
  process.env.E2E_URL = url;
  process.env.E2E_LAUNCH_FILE = launchFile;
  process.env.E2E_ORIGIN = new URL(url).origin;
  process.env.E2E_MAIL_DIR = mailDir;
  process.env.E2E_SERVER_URL_FILE = serverFile;
  process.env.E2E_APPLE_SIGNER = appleSigner;

  return async () => {
    // The embedded database flushes on SIGTERM; give it the time it needs before removing its folder.
    const exited = new Promise<void>((r) => child.once('exit', () => r()));
    child.kill('SIGTERM');
    await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
    await new Promise<void>((r) => smtp.close(() => r()));
    rmSync(work, { recursive: true, force: true });
  };
}
