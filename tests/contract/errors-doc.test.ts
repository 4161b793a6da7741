import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ErrorCode, errorCatalogue, httpStatusKeys } from '@contract/errors';
import { errorsDocPath, renderErrorsDoc } from './errors-doc';

const doc = readFileSync(errorsDocPath, 'utf8');

describe('docs/errors.md', () => {
  it('lists every catalogue code with its name and status', () => {
    for (const [name, code] of Object.entries(ErrorCode)) {
      const entry = errorCatalogue.get(code);
      expect(doc, `${code} ${name}`).toContain(`| ${code} | ${name} | ${entry?.status} |`);
    }
  });

  it('lists every HTTP status text', () => {
    for (const status of httpStatusKeys) expect(doc).toMatch(new RegExp(`^\\| ${status} \\|`, 'm'));
  });

  it('is what scripts/gen-errors-doc.ts generates (run `npx tsx scripts/gen-errors-doc.ts` after a change)', () => {
    expect(doc).toBe(renderErrorsDoc());
  });

  it('lists no code that the catalogue does not have', () => {
    const listed = [...doc.matchAll(/^\| (\d+) \| [A-Z]\w* \|/gm)].map((m) => Number(m[1]));
    expect(listed.sort((a, b) => a - b)).toEqual([...errorCatalogue.keys()].sort((a, b) => a - b));
  });
});
