import { Button, Input, type InputProps } from '@fluentui/react-components';
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A password input with a show/hide toggle (announced, keyboard reachable). The toggle is named by
 * `aria-label` and hints with the browser's own tooltip: Fluent's tooltip (with its positioning)
 * would be a tenth of the sign-in screen's script budget (issue 12).
 */
export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const label = visible ? t('form.hidePassword') : t('form.showPassword');
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Button
          appearance="transparent"
          size="small"
          icon={visible ? <EyeOff20Regular /> : <Eye20Regular />}
          aria-label={label}
          title={label}
          aria-pressed={visible}
          onClick={() => setVisible((v) => !v)}
        />
      }
    />
  );
}
