import { cpSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * Bundles the API server into one ESM file with its migrations beside it.
 *
 * npm packages stay external (they are installed next to the app, and some are native or WASM);
 * only our code and the contract are bundled, with the `@contract` alias resolved here. The
 * migrations are copied to `<outDir>/drizzle`, where `resolveMigrationsDir` looks first.
 */
export async function buildServer(outDir = join(root, 'out', 'server')): Promise<string> {
  rmSync(outDir, { recursive: true, force: true });
  const outfile = join(outDir, 'main.js');
  await build({
    entryPoints: [join(root, 'server', 'src', 'main.ts')],
    outfile,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    alias: { '@contract': join(root, 'contract') },
    sourcemap: true,
    logLevel: 'warning',
  });
  cpSync(join(root, 'server', 'drizzle'), join(outDir, 'drizzle'), { recursive: true });
  return outfile;
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const outfile = await buildServer(process.argv[2] ? resolve(process.argv[2]) : undefined);
  process.stdout.write(`Built ${outfile}\n`);
}
