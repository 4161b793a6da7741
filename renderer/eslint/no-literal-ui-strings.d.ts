import type { Rule } from 'eslint';

/** The `no-literal-ui-strings` rule (see the .js file beside this one). */
declare const rule: Rule.RuleModule;
/** A plugin object holding the rule: `plugins: { palette: paletteI18nPlugin }`. */
export declare const paletteI18nPlugin: { readonly rules: { readonly 'no-literal-ui-strings': Rule.RuleModule } };
export default rule;
