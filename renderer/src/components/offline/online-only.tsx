import { Tooltip } from '@fluentui/react-components';
import { cloneElement, isValidElement, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { useConnectivity } from '../../connectivity/use-connectivity';

/**
 * What an action that needs the connection shows while offline (issue 14): publish, promote,
 * delete, invite, upload and every other change that cannot be taken back or that others see at
 * once. The action stays disabled, and the reason is said where the operator looks for it.
 */
export function useOnlineOnly(): { readonly offline: boolean; readonly reason: string } {
  const { t } = useTranslation('offline');
  const { online } = useConnectivity();
  return { offline: !online, reason: t('onlineOnly.reason') };
}

/**
 * Wraps one button of such an action: offline it is disabled but still focusable, with the reason
 * as its description (tooltip on hover and focus, read by screen readers). Online it is the button
 * as given.
 */
export function OnlineOnly({ children }: { readonly children: ReactElement<{ disabled?: boolean; disabledFocusable?: boolean }> }) {
  const { offline, reason } = useOnlineOnly();
  if (!offline || !isValidElement(children)) return children;
  return (
    <Tooltip content={reason} relationship="description">
      {cloneElement(children, { disabledFocusable: true })}
    </Tooltip>
  );
}
