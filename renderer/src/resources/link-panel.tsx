import {
  Button,
  Dropdown,
  DrawerBody,
  DrawerHeader,
  DrawerHeaderTitle,
  Field,
  makeStyles,
  Option,
  OverlayDrawer,
  Spinner,
  Text,
  tokens,
  Tooltip,
} from '@fluentui/react-components';
import { Add20Regular, Dismiss24Regular, LinkDismiss20Regular } from '@fluentui/react-icons';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notify } from '../components/notices';
import { errorText } from '../i18n/error-text';
import type { ChoiceOption } from './field-input';

const useStyles = makeStyles({
  body: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL, paddingBottom: tokens.spacingVerticalXL },
  description: { color: tokens.colorNeutralForeground3 },
  add: { display: 'flex', alignItems: 'flex-end', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  grow: { flexGrow: 1, minWidth: '200px' },
  list: { listStyle: 'none', margin: 0, padding: 0, border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`, borderRadius: tokens.borderRadiusLarge },
  row: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    minHeight: '44px',
    ':not(:last-child)': { borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}` },
  },
  label: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  detail: { color: tokens.colorNeutralForeground3 },
  empty: { color: tokens.colorNeutralForeground3, padding: tokens.spacingVerticalM },
});

/** One linked item in a link panel. */
export interface LinkedEntry {
  readonly id: string;
  readonly label: string;
  readonly detail?: ReactNode;
}

/**
 * A drawer listing what an item is linked to (an entitlement's SKUs, a team's members or apps, an
 * app role's users), with unlink per entry and a picker to link one more. The server answers
 * 102008 / 102009 and friends when a link already exists or is gone; they are shown as notices.
 */
export function LinkPanel({
  open,
  title,
  description,
  linked,
  candidates,
  pickLabel,
  addLabel,
  unlinkLabel,
  emptyText,
  canWrite,
  onLink,
  onUnlink,
  onClose,
  extra,
}: {
  readonly open: boolean;
  readonly title: string;
  readonly description?: string;
  readonly linked: readonly LinkedEntry[];
  /** What can be linked (already linked entries are left out here). */
  readonly candidates: readonly ChoiceOption[];
  readonly pickLabel: string;
  readonly addLabel: string;
  readonly unlinkLabel: (name: string) => string;
  readonly emptyText: string;
  readonly canWrite: boolean;
  readonly onLink: (id: string) => Promise<unknown>;
  readonly onUnlink: (id: string) => Promise<unknown>;
  readonly onClose: () => void;
  /** A second choice beside the picker (a team role). */
  readonly extra?: ReactNode;
}) {
  const styles = useStyles();
  const { t } = useTranslation(['resources', 'errors']);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState<string | null>(null);
  const linkedIds = new Set(linked.map((entry) => entry.id));
  const available = candidates.filter((option) => !linkedIds.has(option.value));

  const act = async (key: string, action: () => Promise<unknown>) => {
    setBusy(key);
    try {
      await action();
      return true;
    } catch (error) {
      notify.message('error', errorText(t, error));
      return false;
    } finally {
      setBusy(null);
    }
  };

  return (
    <OverlayDrawer open={open} position="end" size="medium" onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DrawerHeader>
        <DrawerHeaderTitle action={<Button appearance="subtle" aria-label={t('form.close')} icon={<Dismiss24Regular />} onClick={onClose} />}>{title}</DrawerHeaderTitle>
      </DrawerHeader>
      <DrawerBody>
        <div className={styles.body}>
          {description ? <Text className={styles.description}>{description}</Text> : null}
          {canWrite ? (
            <div className={styles.add}>
              <Field label={pickLabel} className={styles.grow}>
                <Dropdown
                  value={available.find((o) => o.value === chosen)?.label ?? ''}
                  selectedOptions={chosen ? [chosen] : []}
                  placeholder={available.length > 0 ? t('form.choose') : t('form.noOptions')}
                  disabled={available.length === 0}
                  onOptionSelect={(_, data) => setChosen(data.optionValue ?? '')}
                >
                  {available.map((option) => (
                    <Option key={option.value} value={option.value}>
                      {option.label}
                    </Option>
                  ))}
                </Dropdown>
              </Field>
              {extra}
              <Button
                appearance="primary"
                icon={busy === 'add' ? <Spinner size="tiny" /> : <Add20Regular />}
                disabled={!chosen || busy !== null}
                onClick={() => void act('add', () => onLink(chosen)).then((ok) => ok && setChosen(''))}
              >
                {addLabel}
              </Button>
            </div>
          ) : null}
          {linked.length === 0 ? (
            <Text className={styles.empty}>{emptyText}</Text>
          ) : (
            <ul className={styles.list}>
              {linked.map((entry) => (
                <li key={entry.id} className={styles.row}>
                  <span className={styles.label}>
                    <Text weight="semibold">{entry.label}</Text>
                    {entry.detail ? (
                      <Text size={200} className={styles.detail}>
                        {entry.detail}
                      </Text>
                    ) : null}
                  </span>
                  {canWrite ? (
                    <Tooltip content={unlinkLabel(entry.label)} relationship="label">
                      <Button
                        appearance="subtle"
                        icon={busy === entry.id ? <Spinner size="tiny" /> : <LinkDismiss20Regular />}
                        disabled={busy !== null}
                        onClick={() => void act(entry.id, () => onUnlink(entry.id))}
                      />
                    </Tooltip>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </DrawerBody>
    </OverlayDrawer>
  );
}
