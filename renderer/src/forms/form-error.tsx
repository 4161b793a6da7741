import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

/**
 * The form-level refusal of a submit, announced to assistive technology. The text is always a
 * localized catalogue message (`errorText`).
 */
export function FormError({ message, title }: { readonly message: string | null; readonly title?: string }) {
  if (!message) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {message}
      </MessageBarBody>
    </MessageBar>
  );
}
