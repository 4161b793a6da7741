import { MessageBar, MessageBarBody, MessageBarTitle } from '@fluentui/react-components';

/**
 * The form-level refusal of a submit, announced to assistive technology. The text is always a
 * localized catalogue message (`errorText`); `details` are localized field errors no field of the
 * form shows (a rate limit's "Try again in 42 seconds"), one a line under it.
 */
export function FormError({ message, title, details = [] }: { readonly message: string | null; readonly title?: string; readonly details?: readonly string[] }) {
  if (!message && details.length === 0) return null;
  return (
    <MessageBar intent="error" layout="multiline" role="alert">
      <MessageBarBody>
        {title ? <MessageBarTitle>{title}</MessageBarTitle> : null}
        {message}
        {details.map((detail) => (
          <div key={detail}>{detail}</div>
        ))}
      </MessageBarBody>
    </MessageBar>
  );
}
