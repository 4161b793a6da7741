import { Button, Input, Tooltip, type InputProps } from '@fluentui/react-components';
import { Eye20Regular, EyeOff20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

/** A password input with a show/hide toggle (announced, keyboard reachable). */
export function PasswordInput(props: Omit<InputProps, 'type' | 'contentAfter'>) {
  const { t } = useTranslation('common');
  const [visible, setVisible] = useState(false);
  const label = visible ? t('form.hidePassword') : t('form.showPassword');
  return (
    <Input
      {...props}
      type={visible ? 'text' : 'password'}
      contentAfter={
        <Tooltip content={label} relationship="label">
          <Button
            appearance="transparent"
            size="small"
            icon={visible ? <EyeOff20Regular /> : <Eye20Regular />}
            aria-pressed={visible}
            onClick={() => setVisible((v) => !v)}
          />
        </Tooltip>
      }
    />
  );
}
