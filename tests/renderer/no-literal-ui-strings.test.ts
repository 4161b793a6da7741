import { RuleTester } from 'eslint';
import { describe, it } from 'vitest';
import rule from '../../renderer/eslint/no-literal-ui-strings.js';

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

const tester = new RuleTester({ languageOptions: { ecmaVersion: 2022, sourceType: 'module', parserOptions: { ecmaFeatures: { jsx: true } } } });

tester.run('no-literal-ui-strings', rule, {
  valid: [
    { code: "<Button>{t('common:actions.save')}</Button>" },
    { code: "<Field label={t('auth:login.email')} />" },
    { code: '<span> · </span>' },
    { code: '<b>404</b>' },
    { code: '<Icon className="x" data-testid="save-button" />' },
    { code: "<input type=\"color\" name=\"theme\" />" },
    { code: '<p>{`v${version}`}</p>' },
    { code: '<Text>Palette</Text>', options: [{ allow: ['Palette'] }] },
  ],
  invalid: [
    { code: '<Button>Save</Button>', errors: [{ messageId: 'text' }] },
    { code: "<b>{'Save'}</b>", errors: [{ messageId: 'text' }] },
    { code: '<b>{`Save`}</b>', errors: [{ messageId: 'text' }] },
    { code: '<Field label="Email" />', errors: [{ messageId: 'attribute' }] },
    { code: "<Input placeholder={'name@company.com'} />", errors: [{ messageId: 'attribute' }] },
    { code: '<Button aria-label="Close" />', errors: [{ messageId: 'attribute' }] },
    { code: '<img alt="Logo" />', errors: [{ messageId: 'attribute' }] },
    { code: '<Tooltip content="Help" />', errors: [{ messageId: 'attribute' }] },
    { code: '<p>登录</p>', errors: [{ messageId: 'text' }] },
    { code: '<Card footer="Done" />', options: [{ attributes: ['footer'] }], errors: [{ messageId: 'attribute' }] },
  ],
});
