import type { Rule } from 'eslint';

/** The `no-cycle-counting-types` rule (see the .js file beside this one). */
export declare const noCycleCountingTypes: Rule.RuleModule;
/** A plugin object holding the rule: `plugins: { 'palette-imports': paletteImportsPlugin }`. */
export declare const paletteImportsPlugin: { readonly rules: { readonly 'no-cycle-counting-types': Rule.RuleModule } };
