import {
  Badge,
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  makeStyles,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowSync16Regular, Delete16Regular, Open16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { notify } from '../components/notices';
import { useConnectivity } from '../connectivity/use-connectivity';
import { configItemPath } from '@contract/config/console-path';
import { kindIndex } from '../config/kind-index';
import { kindOf, type PendingChange, type PendingStatus } from '../data/offline/pending-changes';
import { useOfflineData, usePendingChanges } from '../data/offline/use-offline';
import { formatDateTime } from '../lib/format';
import { useConfirm } from '../resources/confirm-dialog';

/*
 * The list of waiting changes behind the bar's "Review" (pending-changes.tsx). A chunk of its own,
 * loaded when the operator first opens it: its dialog and table are not part of the first console
 * screen's download (issue 18 §6).
 */

const useStyles = makeStyles({
  surface: { maxWidth: '880px', width: '100%' },
  content: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  change: { display: 'flex', flexDirection: 'column', paddingTop: tokens.spacingVerticalXS, paddingBottom: tokens.spacingVerticalXS },
  muted: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
});

const statusColours: Record<PendingStatus, 'informative' | 'warning' | 'danger'> = { waiting: 'informative', conflict: 'warning', refused: 'danger' };

/** The console path of the item a waiting change belongs to (its kind's editor), if the kind is known. */
export function pendingChangePath(change: Pick<PendingChange, 'routeId' | 'params'>): string | null {
  const kind = kindIndex.find((entry) => entry.name === kindOf(change));
  const { projectId, id } = change.params;
  if (!kind || !projectId || !id) return null;
  return configItemPath(kind, projectId, id);
}

/** The waiting changes, oldest first: what each is, its state, when it was saved; open or discard it. */
export default function PendingChangesDialog({ open, onClose }: { readonly open: boolean; readonly onClose: () => void }) {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['offline', 'config']);
  const changes = usePendingChanges();
  const data = useOfflineData();
  const { online } = useConnectivity();
  const navigate = useNavigate();
  const { confirm, element } = useConfirm();
  const [sending, setSending] = useState(false);

  const discard = async (change: PendingChange) => {
    const ok = await confirm({
      title: t('pending.discardTitle'),
      body: t('pending.discardBody', { name: change.label }),
      confirmLabel: t('pending.discard'),
      danger: true,
    });
    if (!ok || !data) return;
    await data.changes.discard(change.id);
    notify.message('success', t('notice.discarded'));
  };

  return (
    <>
      <Dialog open={open} onOpenChange={(_, state) => (state.open ? undefined : onClose())}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>{t('pending.title')}</DialogTitle>
            <DialogContent className={styles.content}>
              <Text>{t('pending.intro')}</Text>
              {changes.length === 0 ? (
                <Text className={styles.muted}>{t('pending.empty')}</Text>
              ) : (
                <Table aria-label={t('pending.tableLabel')} size="small">
                  <TableHeader>
                    <TableRow>
                      <TableHeaderCell>{t('pending.columns.change')}</TableHeaderCell>
                      <TableHeaderCell>{t('pending.columns.status')}</TableHeaderCell>
                      <TableHeaderCell>{t('pending.columns.saved')}</TableHeaderCell>
                      <TableHeaderCell>{t('pending.columns.actions')}</TableHeaderCell>
                    </TableRow>
                  </TableHeader>
                  <TableBody>
                    {changes.map((change) => {
                      const kind = kindIndex.find((entry) => entry.name === kindOf(change));
                      const path = pendingChangePath(change);
                      return (
                        <TableRow key={change.id}>
                          <TableCell>
                            <div className={styles.change}>
                              <Text weight="semibold">{t('pending.item', { kind: kind ? t(`config:${kind.name}.title`) : kindOf(change), name: change.label })}</Text>
                              <Text size={200} className={styles.muted}>
                                {t('pending.basedOn', { version: change.body.version })}
                              </Text>
                            </div>
                          </TableCell>
                          <TableCell>
                            <Badge appearance="tint" color={statusColours[change.status]}>
                              {t(`pending.status.${change.status}`)}
                            </Badge>
                          </TableCell>
                          <TableCell>{formatDateTime(change.savedAt, i18n.language)}</TableCell>
                          <TableCell>
                            <div className={styles.actions}>
                              {path ? (
                                <Button
                                  size="small"
                                  icon={<Open16Regular />}
                                  aria-label={t('pending.openNamed', { name: change.label })}
                                  onClick={() => {
                                    onClose();
                                    navigate(path);
                                  }}
                                >
                                  {t('pending.open')}
                                </Button>
                              ) : null}
                              <Button size="small" appearance="subtle" icon={<Delete16Regular />} aria-label={t('pending.discardNamed', { name: change.label })} onClick={() => void discard(change)}>
                                {t('pending.discard')}
                              </Button>
                            </div>
                          </TableCell>
                        </TableRow>
                      );
                    })}
                  </TableBody>
                </Table>
              )}
            </DialogContent>
            <DialogActions>
              {online && changes.some((change) => change.status === 'waiting') ? (
                <Button
                  icon={<ArrowSync16Regular />}
                  disabled={sending || !data}
                  onClick={() => {
                    setSending(true);
                    void data?.changes.flush().finally(() => setSending(false));
                  }}
                >
                  {t('pending.sendNow')}
                </Button>
              ) : null}
              <Button appearance="primary" onClick={onClose}>
                {t('pending.close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
      {element}
    </>
  );
}
