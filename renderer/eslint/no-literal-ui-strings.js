// @ts-check
/**
 * ESLint rule `no-literal-ui-strings`: every text an operator reads goes through i18next.
 *
 * Flags, in JSX:
 * - text children that contain a letter (`<Button>Save</Button>`);
 * - string literals and expression-free template literals as children (`<b>{'Save'}</b>`);
 * - string values of attributes that people read or hear (`label`, `title`, `placeholder`,
 *   `aria-label`, `alt`, ...) when they contain a letter.
 * Punctuation, digits, symbols and whitespace pass (`·`, `/`, `404`, `&nbsp;`), and so does any
 * expression (`{t('key')}`). Options: `attributes` adds attribute names to check; `allow` lists
 * exact strings that may appear (product names that are never translated, for instance).
 *
 * Why letters: a letter is the sign of words in some language; anything else is layout.
 */

/** Attributes whose value is shown or announced to the operator. */
const defaultAttributes = [
  'label',
  'title',
  'placeholder',
  'alt',
  'aria-label',
  'aria-description',
  'aria-placeholder',
  'aria-roledescription',
  'aria-valuetext',
  'content',
  'hint',
  'validationMessage',
  'header',
  'description',
  'heading',
];

const letter = /\p{L}/u;

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: {
      description: 'Disallow literal UI strings in JSX; use i18next keys so en-US and zh-CN stay complete.',
    },
    schema: [
      {
        type: 'object',
        properties: {
          attributes: { type: 'array', items: { type: 'string' } },
          allow: { type: 'array', items: { type: 'string' } },
        },
        additionalProperties: false,
      },
    ],
    messages: {
      text: 'Literal UI text "{{text}}": use t(\'namespace:key\') so it is translated.',
      attribute: 'Literal "{{text}}" in the {{name}} attribute: use t(\'namespace:key\') so it is translated.',
    },
  },
  create(context) {
    const options = context.options[0] ?? {};
    const attributes = new Set([...defaultAttributes, ...(options.attributes ?? [])]);
    const allow = new Set(options.allow ?? []);

    /** @param {string} value */
    const isUiText = (value) => {
      const trimmed = value.trim();
      return trimmed.length > 0 && letter.test(trimmed) && !allow.has(trimmed);
    };
    /** @param {string} value */
    const short = (value) => {
      const trimmed = value.trim().replace(/\s+/g, ' ');
      return trimmed.length > 40 ? `${trimmed.slice(0, 37)}...` : trimmed;
    };

    /**
     * The static string of a node, if it is one: a string literal or a template without expressions.
     * @param {any} node
     * @returns {string | null}
     */
    const staticString = (node) => {
      if (!node) return null;
      if (node.type === 'Literal' && typeof node.value === 'string') return node.value;
      if (node.type === 'TemplateLiteral' && node.expressions.length === 0) return node.quasis.map((q) => q.value.cooked ?? '').join('');
      return null;
    };

    /** @param {any} node */
    const isJsxChild = (node) => node.parent && (node.parent.type === 'JSXElement' || node.parent.type === 'JSXFragment');

    return {
      /** @param {any} node */
      JSXText(node) {
        if (isUiText(node.value)) context.report({ node, messageId: 'text', data: { text: short(node.value) } });
      },
      /** @param {any} node */
      JSXExpressionContainer(node) {
        if (!isJsxChild(node)) return;
        const value = staticString(node.expression);
        if (value !== null && isUiText(value)) context.report({ node, messageId: 'text', data: { text: short(value) } });
      },
      /** @param {any} node */
      JSXAttribute(node) {
        const name = node.name.type === 'JSXNamespacedName' ? `${node.name.namespace.name}:${node.name.name.name}` : node.name.name;
        if (!attributes.has(name) || !node.value) return;
        const value = node.value.type === 'JSXExpressionContainer' ? staticString(node.value.expression) : staticString(node.value);
        if (value !== null && isUiText(value)) {
          context.report({ node: node.value, messageId: 'attribute', data: { text: short(value), name } });
        }
      },
    };
  },
};

/** A plugin object holding the rule, ready for `plugins: { palette: paletteI18nPlugin }`. */
export const paletteI18nPlugin = { rules: { 'no-literal-ui-strings': rule } };

export default rule;
