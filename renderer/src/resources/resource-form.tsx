import { Button, DrawerBody, DrawerFooter, DrawerHeader, DrawerHeaderTitle, makeStyles, OverlayDrawer, Spinner, tokens } from '@fluentui/react-components';
import { Dismiss24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { ResourceRecord, ResourceScope } from './data-provider';
import type { ChoiceOption } from './field-input';
import type { FormMode } from './form-model';
import { ResourceFormFields } from './resource-form-fields';
import type { ResourceView } from './resource-view';
import { useResourceForm } from './use-resource-form';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingBottom: tokens.spacingVerticalXL },
  footer: { display: 'flex', justifyContent: 'flex-end', gap: tokens.spacingHorizontalS, borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, paddingTop: tokens.spacingVerticalM },
});

export interface ResourceFormProps {
  readonly view: ResourceView;
  readonly scope: ResourceScope;
  readonly open: boolean;
  readonly mode: FormMode;
  /** The item being edited (edit mode). */
  readonly item?: ResourceRecord | undefined;
  readonly onClose: () => void;
  /** After a successful save, with what the server answered (a webhook's one-time secret, for instance). */
  readonly onSaved?: (saved: ResourceRecord, mode: FormMode) => void;
  /** Choices of select fields whose options are loaded (an app, SKUs). */
  readonly fieldOptions?: Readonly<Record<string, readonly ChoiceOption[]>>;
  readonly fieldHints?: Readonly<Record<string, ReactNode>>;
}

/**
 * The create and edit form of a resource in a drawer (see `useResourceForm` for what it does).
 * Mount it with a new `key` for each opening: the form starts from the item each time.
 */
export function ResourceForm({ view, scope, open, mode, item, onClose, onSaved, fieldOptions, fieldHints }: ResourceFormProps) {
  const styles = useStyles();
  const { t } = useTranslation('resources');
  const form = useResourceForm({
    view,
    scope,
    mode,
    item,
    onSaved: (saved, savedMode) => {
      onSaved?.(saved, savedMode);
      onClose();
    },
  });
  const requestClose = async () => {
    if (form.busy) return;
    if (await form.confirmDiscard()) onClose();
  };
  const formId = `resource-form-${view.resource.name}`;

  return (
    <OverlayDrawer
      open={open}
      position="end"
      size="medium"
      modalType="modal"
      onOpenChange={(_, data) => {
        if (!data.open) void requestClose();
      }}
    >
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('form.close')} icon={<Dismiss24Regular />} onClick={() => void requestClose()} />}>
          {mode === 'create' ? t('form.createTitle', { entity: form.entity }) : t('form.editTitle', { name: form.quoted })}
        </DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <form id={formId} className={styles.body} onSubmit={(event) => void form.submit(event)} noValidate>
          <ResourceFormFields form={form} fieldOptions={fieldOptions} fieldHints={fieldHints} />
        </form>
      </DrawerBody>
      <DrawerFooter className={styles.footer}>
        <Button appearance="secondary" onClick={() => void requestClose()} disabled={form.busy}>
          {t('form.cancel')}
        </Button>
        <Button appearance="primary" type="submit" form={formId} disabledFocusable={form.busy} icon={form.busy ? <Spinner size="tiny" /> : undefined}>
          {form.busy ? t('form.saving') : mode === 'create' ? t('form.create') : t('form.save')}
        </Button>
      </DrawerFooter>
      {form.confirmElement}
    </OverlayDrawer>
  );
}
