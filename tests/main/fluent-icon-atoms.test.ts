import { describe, expect, it } from 'vitest';
import { iconModuleOf, rewriteIconImports } from '../../scripts/fluent-icon-atoms';

describe('icon imports rewritten to per-icon modules (scripts/fluent-icon-atoms.ts)', () => {
  it('names the module of an icon in any size and style', () => {
    expect(iconModuleOf('CheckmarkCircle12Filled')).toBe('checkmark-circle');
    expect(iconModuleOf('DiamondDismissFilled')).toBe('diamond-dismiss');
    expect(iconModuleOf('LocalLanguage20Regular')).toBe('local-language');
    expect(iconModuleOf('AppsListDetail20Filled')).toBe('apps-list-detail');
    expect(iconModuleOf('bundleIcon')).toBeNull();
    expect(iconModuleOf('FluentIcon')).toBeNull();
  });

  it('rewrites icons and keeps the rest on the index, on one line', () => {
    const code = "import { bundleIcon, Home20Filled, Home20Regular as Home } from '@fluentui/react-icons';\nconst x = 1;";
    expect(rewriteIconImports(code, () => true)).toBe(
      "import { Home20Filled } from '@fluentui/react-icons/svg/home'; import { Home20Regular as Home } from '@fluentui/react-icons/svg/home'; import { bundleIcon } from '@fluentui/react-icons';\nconst x = 1;",
    );
  });

  it('leaves an icon without its module, type imports and other packages alone', () => {
    expect(rewriteIconImports("import { Odd20Regular } from '@fluentui/react-icons';", () => false)).toBe("import { Odd20Regular } from '@fluentui/react-icons';");
    expect(rewriteIconImports("import { type FluentIcon, Home20Filled } from '@fluentui/react-icons';", () => true)).toBe(
      "import { type FluentIcon, Home20Filled } from '@fluentui/react-icons';",
    );
    expect(rewriteIconImports("import { Home20Filled } from 'other';", () => true)).toBe("import { Home20Filled } from 'other';");
  });
});
