import { FieldContextProvider, useFieldContext_unstable } from '@fluentui/react-components';
import type { ReactNode } from 'react';

/**
 * Checkboxes inside a Fluent `Field`, as a group: the group is named by the field's label (and
 * described by its hint and message), each checkbox by its own label.
 *
 * Why not the checkboxes straight inside the Field: the Field hands its control id to every control in
 * it, so all the checkboxes shared one id, the field's label named the first one and the others' labels
 * pointed at it too, leaving them nameless (issue 19 §5). Here the field's context stops at the group.
 */
export function CheckboxGroup({ className, children }: { readonly className?: string | undefined; readonly children: ReactNode }) {
  const field = useFieldContext_unstable();
  const describedBy = [field?.validationMessageId, field?.hintId].filter(Boolean).join(' ');
  return (
    <div className={className} role="group" aria-labelledby={field?.labelId} {...(describedBy ? { 'aria-describedby': describedBy } : {})}>
      <FieldContextProvider value={undefined}>{children}</FieldContextProvider>
    </div>
  );
}
