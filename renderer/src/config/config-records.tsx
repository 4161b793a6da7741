import {
  Button,
  Dialog,
  DialogActions,
  DialogBody,
  DialogContent,
  DialogSurface,
  DialogTitle,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  tokens,
} from '@fluentui/react-components';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { configKindOf, configKinds, configRecordActions, configSettingNames, type ConfigRecord, type ConfigRecordAction } from '@contract/config';
import { useApiQuery } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { PaginationBar } from '../resources/pagination-bar';
import { DocumentDiff } from './document-diff';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalM },
  muted: { color: tokens.colorNeutralForeground3 },
  surface: { maxWidth: '960px', width: '90vw' },
  sides: { display: 'grid', gridTemplateColumns: '1fr 1fr', gap: tokens.spacingHorizontalL, marginTop: tokens.spacingVerticalS },
});

const PAGE_SIZE = 20;

/** A record's kind in the operator's language: a configuration kind, or a setting recorded beside them. */
export function recordKindLabel(t: TFunction, kind: string): string {
  if (configKindOf(kind)) return t(`config:${kind}.title`);
  if ((configSettingNames as readonly string[]).includes(kind)) return t(`configPages:records.settings.${kind}`);
  return kind;
}

interface Named {
  readonly id: string;
  readonly name: string;
}

/**
 * What a record without a document changed: a reorder's order before and after (and what moved), the
 * interruption budget's caps before and after. Other records show their documents' diff.
 */
function RecordSides({ record }: { readonly record: ConfigRecord }) {
  const { t } = useTranslation('configPages');
  const styles = useStyles();
  const before = (record.before ?? {}) as { order?: readonly Named[]; moved?: readonly Named[]; perSession?: number | null; perDay?: number | null };
  const after = (record.after ?? {}) as typeof before;
  if (record.action === 'reorder' && after.order) {
    const list = (order: readonly Named[] | undefined) => (
      <ol>
        {(order ?? []).map((entry) => (
          <li key={entry.id}>{entry.name}</li>
        ))}
      </ol>
    );
    return (
      <div>
        <Text>{t('records.moved', { names: (after.moved ?? []).map((entry) => entry.name).join(', ') })}</Text>
        <div className={styles.sides}>
          <div>
            <Text weight="semibold">{t('records.before')}</Text>
            {list(before.order)}
          </div>
          <div>
            <Text weight="semibold">{t('records.after')}</Text>
            {list(after.order)}
          </div>
        </div>
      </div>
    );
  }
  if (record.kind === 'interruptionBudget') {
    const cap = (value: number | null | undefined) => (value === null || value === undefined ? t('records.noCap') : String(value));
    return (
      <Table size="small" aria-label={t('records.settings.interruptionBudget')}>
        <TableHeader>
          <TableRow>
            <TableHeaderCell />
            <TableHeaderCell>{t('records.before')}</TableHeaderCell>
            <TableHeaderCell>{t('records.after')}</TableHeaderCell>
          </TableRow>
        </TableHeader>
        <TableBody>
          {(['perSession', 'perDay'] as const).map((field) => (
            <TableRow key={field}>
              <TableCell>{t(`records.${field}`)}</TableCell>
              <TableCell>{cap(before[field])}</TableCell>
              <TableCell>{cap(after[field])}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    );
  }
  return null;
}

/** A date input's day as the start (or the end) of that day in the operator's zone. */
function dayBound(day: string, end: boolean): string | undefined {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(day)) return undefined;
  const date = new Date(`${day}T${end ? '23:59:59.999' : '00:00:00.000'}`);
  return Number.isNaN(date.getTime()) ? undefined : date.toISOString();
}

/**
 * Config records (`/management/:projectId/config-record`): every change, publish, promotion,
 * rollback and approval of the project's configuration, filterable by kind, person, date and
 * action, each opening its diff.
 */
export function ConfigRecords({ projectId }: { readonly projectId: string }) {
  const { t, i18n } = useTranslation(['configPages', 'config']);
  const styles = useStyles();
  const [kind, setKind] = useState('');
  const [action, setAction] = useState<ConfigRecordAction | ''>('');
  const [actorId, setActorId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE);
  const [open, setOpen] = useState<ConfigRecord | null>(null);
  const members = useApiQuery('members.list', { params: { projectId }, query: { pageSize: 200 } }, { staleTime: 60_000 });
  const query = {
    page,
    pageSize,
    ...(kind ? { kind: [kind] } : {}),
    ...(action ? { action: [action] } : {}),
    ...(actorId ? { actorId } : {}),
    ...(dayBound(from, false) ? { from: dayBound(from, false) } : {}),
    ...(dayBound(to, true) ? { to: dayBound(to, true) } : {}),
  };
  const records = useApiQuery('configRecords.list', { params: { projectId }, query }, { placeholderData: (previous) => previous });
  const format = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'medium' }), [i18n.language]);
  const items = records.data?.items ?? [];
  const total = records.data?.total ?? 0;
  const reset = () => setPage(1);
  const openKind = open ? configKindOf(open.kind) : undefined;
  const documentOf = (side: unknown) => ((side as { document?: Record<string, unknown> | null } | null)?.document ?? null);

  return (
    <>
      <div className={styles.filters}>
        <Field label={t('configPages:records.kind')}>
          <Select value={kind} onChange={(_, data) => (setKind(data.value), reset())}>
            <option value="">{t('configPages:records.allKinds')}</option>
            {configKinds.map((k) => (
              <option key={k.name} value={k.name}>
                {t(`config:${k.name}.plural`)}
              </option>
            ))}
            {configSettingNames.map((name) => (
              <option key={name} value={name}>
                {t(`configPages:records.settings.${name}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('configPages:records.action')}>
          <Select value={action} onChange={(_, data) => (setAction(data.value as ConfigRecordAction | ''), reset())}>
            <option value="">{t('configPages:records.allActions')}</option>
            {configRecordActions.map((a) => (
              <option key={a} value={a}>
                {t(`config:common.actions.${a}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('configPages:records.person')}>
          <Select value={actorId} onChange={(_, data) => (setActorId(data.value), reset())}>
            <option value="">{t('configPages:records.everyone')}</option>
            {(members.data?.items ?? []).map((member) => (
              <option key={member.userId} value={member.userId}>
                {member.name}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('configPages:records.from')}>
          <Input type="date" value={from} onChange={(_, data) => (setFrom(data.value), reset())} />
        </Field>
        <Field label={t('configPages:records.to')}>
          <Input type="date" value={to} onChange={(_, data) => (setTo(data.value), reset())} />
        </Field>
      </div>
      {records.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(t, records.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {records.isPending ? <Spinner label={t('configPages:loading')} /> : null}
      {!records.isPending && items.length === 0 ? <Text className={styles.muted}>{t('configPages:records.empty')}</Text> : null}
      {items.length > 0 ? (
        <Table aria-label={t('configPages:records.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('configPages:records.when')}</TableHeaderCell>
              <TableHeaderCell>{t('configPages:records.person')}</TableHeaderCell>
              <TableHeaderCell>{t('configPages:records.kind')}</TableHeaderCell>
              <TableHeaderCell>{t('configPages:records.item')}</TableHeaderCell>
              <TableHeaderCell>{t('configPages:records.action')}</TableHeaderCell>
              <TableHeaderCell>{t('configPages:records.diff')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {items.map((record) => (
              <TableRow key={record.id}>
                <TableCell>{format.format(new Date(record.at))}</TableCell>
                <TableCell>{record.actor?.name ?? t('configPages:history.someone')}</TableCell>
                <TableCell>{recordKindLabel(t, record.kind)}</TableCell>
                <TableCell>{record.itemName}</TableCell>
                <TableCell>
                  {t(`config:common.actions.${record.action}`)}
                  {record.revision ? ` · ${t('configPages:history.revision', { number: record.revision })}` : ''}
                </TableCell>
                <TableCell>
                  <Button size="small" onClick={() => setOpen(record)}>
                    {t('configPages:records.showDiff')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      ) : null}
      {total > 0 ? <PaginationBar page={page} pageSize={pageSize} total={total} allowAll={false} onPage={setPage} onPageSize={(size) => (setPageSize(typeof size === 'number' ? size : PAGE_SIZE), setPage(1))} /> : null}
      <Dialog open={open !== null} onOpenChange={(_, data) => (!data.open ? setOpen(null) : undefined)}>
        <DialogSurface className={styles.surface}>
          <DialogBody>
            <DialogTitle>
              {open ? `${t(`config:common.actions.${open.action}`)} · ${open.itemName}` : ''}
            </DialogTitle>
            <DialogContent>
              {open ? <RecordSides record={open} /> : null}
              {open && openKind && open.action !== 'reorder' ? (
                <DocumentDiff kind={openKind} before={documentOf(open.before)} after={documentOf(open.after)} beforeLabel={t('configPages:records.before')} afterLabel={t('configPages:records.after')} />
              ) : null}
            </DialogContent>
            <DialogActions>
              <Button appearance="primary" onClick={() => setOpen(null)}>
                {t('configPages:close')}
              </Button>
            </DialogActions>
          </DialogBody>
        </DialogSurface>
      </Dialog>
    </>
  );
}
