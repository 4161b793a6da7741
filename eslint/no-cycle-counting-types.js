// @ts-check
/**
 * ESLint rule `no-cycle-counting-types`: eslint-plugin-import's `import/no-cycle`, with type-only
 * imports counted as edges of the import graph.
 *
 * `import/no-cycle` skips `import type` (and `import { type X }`) on purpose, since such an import
 * is erased at run time. A type-only circle still ties two files together: neither can be read,
 * moved or tested without the other (issue 19 §4 found the server's domains importing each other
 * through `domains/module.ts`'s `Domains` type). This rule hands `import/no-cycle` the same files
 * with every import and re-export marked as a value: the importing file's declarations through its
 * visitor, the files it reaches through a parser of their own (typescript-eslint's, with the marks
 * changed). Options are `import/no-cycle`'s.
 */
import importPlugin from 'eslint-plugin-import';
import tsParser from '@typescript-eslint/parser';

/** @param {any} node a module declaration @returns {any} the same declaration, as a value import */
function asValue(node) {
  if (node.type === 'ImportDeclaration') {
    return { ...node, importKind: 'value', specifiers: node.specifiers.map((/** @type {any} */ s) => ({ ...s, importKind: 'value' })) };
  }
  if ((node.type === 'ExportNamedDeclaration' || node.type === 'ExportAllDeclaration') && node.source) {
    return { ...node, exportKind: 'value', specifiers: (node.specifiers ?? []).map((/** @type {any} */ s) => ({ ...s, exportKind: 'value' })) };
  }
  return node;
}

/** typescript-eslint's parser, with every import and re-export of the parsed file marked a value. */
const typeCountingParser = {
  meta: { name: 'palette/type-counting-parser' },
  /** @param {string} code @param {any} options */
  parseForESLint(code, options) {
    const result = tsParser.parseForESLint(code, options);
    result.ast.body = /** @type {any} */ (result.ast.body.map(asValue));
    return result;
  },
};

const noCycle = /** @type {import('eslint').Rule.RuleModule} */ (/** @type {any} */ (importPlugin).rules['no-cycle']);

/** @type {import('eslint').Rule.RuleModule} */
export const noCycleCountingTypes = {
  meta: { ...noCycle.meta, docs: { description: 'import/no-cycle, with type-only imports counted' } },
  create(context) {
    // The files the rule reaches are parsed by `languageOptions.parser` when no `import/parsers`
    // setting names another; the changed options also give them their own cache entries.
    const { 'import/parsers': _parsers, ...settings } = context.settings;
    const counting = Object.create(context, {
      languageOptions: { value: { ...context.languageOptions, parser: typeCountingParser } },
      settings: { value: settings },
      parserPath: { value: undefined },
    });
    const visitors = noCycle.create(counting);
    return Object.fromEntries(
      Object.entries(visitors).map(([selector, visit]) => [selector, (/** @type {any} */ node) => /** @type {Function} */ (visit)(asValue(node))]),
    );
  },
};

export const paletteImportsPlugin = { rules: { 'no-cycle-counting-types': noCycleCountingTypes } };
