import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ESLint, type Linter } from 'eslint';
import importPlugin from 'eslint-plugin-import';
import tseslint from 'typescript-eslint';
import { afterAll, describe, expect, it } from 'vitest';
import { paletteImportsPlugin } from '../../eslint/no-cycle-counting-types.js';

// Files on disk: a cycle rule follows imports from file to file.
const dir = mkdtempSync(join(tmpdir(), 'palette-cycles-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const files: Record<string, string> = {
  // A type-only circle (phone-frame ↔ subscription-preview had this shape: one side a value import).
  'frame.ts': "import type { Language } from './preview';\nexport const frame = (language: Language) => language;\n",
  'preview.ts': "import { frame } from './frame';\nexport type Language = 'en-US' | 'zh-CN';\nexport const preview = () => frame('en-US');\n",
  // Types only, both ways (module.ts ↔ the domains through `Domains`, shortened).
  'module.ts': "import type { Domains } from './domains';\nexport interface Deps { readonly domains: Domains }\n",
  'domains.ts': "import { type Deps } from './module';\nexport interface Domains { readonly deps?: Deps }\n",
  // No circle: a type import one way only.
  'leaf.ts': 'export type Leaf = string;\n',
  'user.ts': "import type { Leaf } from './leaf';\nexport const leaf: Leaf = 'x';\n",
};
for (const [name, source] of Object.entries(files)) writeFileSync(join(dir, name), source);

const settings = { 'import/resolver': { node: { extensions: ['.ts'] } }, 'import/extensions': ['.ts'] };
async function cyclesFound(rules: Linter.RulesRecord): Promise<Record<string, number>> {
  const eslint = new ESLint({
    cwd: dir,
    overrideConfigFile: true,
    overrideConfig: [
      { files: ['**/*.ts'], languageOptions: { parser: tseslint.parser }, plugins: { import: importPlugin, 'palette-imports': paletteImportsPlugin }, settings, rules },
    ],
  });
  const results = await eslint.lintFiles(Object.keys(files));
  return Object.fromEntries(results.map((result) => [result.filePath.slice(dir.length + 1), result.messages.length]));
}

describe('no-cycle-counting-types', () => {
  it('reports circles that pass through type-only imports, and only those', async () => {
    const found = await cyclesFound({ 'palette-imports/no-cycle-counting-types': 'error' });
    expect(found).toEqual({ 'frame.ts': 1, 'preview.ts': 1, 'module.ts': 1, 'domains.ts': 1, 'leaf.ts': 0, 'user.ts': 0 });
  });

  it('finds what import/no-cycle leaves out', async () => {
    // The reason for the rule: eslint-plugin-import skips type imports, so it sees no circle here.
    const found = await cyclesFound({ 'import/no-cycle': 'error' });
    expect(Object.values(found).reduce((sum, count) => sum + count, 0)).toBe(0);
  });
});
