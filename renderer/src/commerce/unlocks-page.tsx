import {
  Badge,
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
  Skeleton,
  SkeletonItem,
  Spinner,
  SpinButton,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Text,
  Textarea,
  tokens,
} from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router-dom';
import {
  unlockCreateSchema,
  unlockReasonCodes,
  unlockRoles,
  unlockStatuses,
  type ManualUnlock,
  type UnlockRoleLimits,
  type UnlockStatus,
} from '@contract/api/commerce';
import { durationUnits } from '@contract/validation';
import { notify } from '../components/notices';
import { PageHeader } from '../components/page-header';
import { PrefetchLink } from '../components/prefetch-link';
import { SectionCard } from '../components/section-card';
import { useApiMutation, useApiQuery } from '../data/api-hooks';
import { useProjectAccess } from '../data/menus';
import { useSession } from '../data/session';
import { ChoiceField, InlineForm, TextField } from '../forms/form-dialog';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';
import { PaginationBar } from '../resources/pagination-bar';
import { useDebounced } from '../resources/use-debounced';
import { ProjectPicker, useAreaProject } from './area-project';
import { unlockColor } from './format';
import { customerPath } from './transactions-list';

const useStyles = makeStyles({
  // The list takes the page's full width under the two cards: beside them its ids wrapped over five
  // lines (issue 19 §5).
  layout: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  column: {
    display: 'grid',
    gridTemplateColumns: 'repeat(auto-fit, minmax(360px, 1fr))',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
  },
  row: { display: 'flex', gap: tokens.spacingHorizontalM },
  // A flex item is as wide as its content unless told otherwise: the Unit dropdown ran past the card.
  grow: { flexGrow: 1, flexBasis: 0, minWidth: 0 },
  status: { display: 'flex', flexDirection: 'column', alignItems: 'flex-start', gap: tokens.spacingVerticalXXS },
  badge: { whiteSpace: 'nowrap', flexShrink: 0 },
  nowrap: { whiteSpace: 'nowrap' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalM },
  actions: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalXS },
  limits: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  number: { maxWidth: '120px' },
});

type Decision = { readonly kind: 'approve' | 'reject' | 'revoke'; readonly unlock: ManualUnlock };

/** `/transactions/manual-unlock`: request an unlock, decide and revoke them, and the limits per role. */
export default function UnlocksPage() {
  const { t } = useTranslation('commercePages');
  const styles = useStyles();
  const choice = useAreaProject('transactions');
  return (
    <>
      <PageHeader title={t('unlocks.title')} description={t('unlocks.description')} actions={<ProjectPicker area="transactions" />} />
      {choice.isPending ? (
        <Skeleton aria-label={t('loading')}>
          <SkeletonItem size={48} />
        </Skeleton>
      ) : !choice.projectId ? (
        <Text className={styles.muted}>{t('project.none')}</Text>
      ) : (
        <div className={styles.layout} key={choice.projectId}>
          <div className={styles.column}>
            {choice.canWrite ? <UnlockRequest projectId={choice.projectId} /> : null}
            <UnlockLimits projectId={choice.projectId} />
          </div>
          <UnlockList projectId={choice.projectId} canWrite={choice.canWrite} />
        </div>
      )}
    </>
  );
}

/** The request form: who, which entitlement, how long, why. */
function UnlockRequest({ projectId }: { readonly projectId: string }) {
  const { t } = useTranslation(['commercePages', 'units']);
  const styles = useStyles();
  const [params] = useSearchParams();
  const access = useProjectAccess(projectId);
  const policy = useApiQuery('unlockPolicy.get', { params: { projectId } });
  const entitlements = useApiQuery('entitlements.list', { params: { projectId }, query: { pageSize: 200 } });
  const create = useApiMutation('unlocks.create', { invalidates: ['unlocks', 'customers', 'subscriptionCheck'] });
  const options = (entitlements.data?.items ?? []) as ReadonlyArray<{ id: string; identifier: string; name: string }>;
  const role = access.project?.role ?? 'owner';
  const mine = role !== 'viewer' && policy.data ? policy.data.limits[role] : null;
  const initial = { appUserId: params.get('user') ?? '', entitlementId: options[0]?.id ?? '', 'duration.count': '7', 'duration.unit': 'day', reasonCode: 'goodwill', note: '' };
  if (!entitlements.data) return <Spinner label={t('loading')} />;
  return (
    <SectionCard title={t('unlocks.request')}>
      <InlineForm
        key={options[0]?.id ?? 'none'}
        heading={t('unlocks.request')}
        headingHidden
        schema={unlockCreateSchema}
        initial={initial}
        toInput={(values) => ({
          appUserId: values.appUserId,
          entitlementId: values.entitlementId,
          duration: { count: values['duration.count'].trim() === '' ? undefined : Number(values['duration.count']), unit: values['duration.unit'] },
          reasonCode: values.reasonCode,
          note: values.note,
        })}
        send={(body) => create.mutateAsync({ params: { projectId }, body })}
        successMessage={(unlock) => (unlock.status === 'granted' ? t('unlocks.granted', { user: unlock.customer.appUserId }) : t('unlocks.pending'))}
        notice="notification"
        keepAfterSuccess={['entitlementId', 'duration.unit', 'reasonCode']}
        submitLabel={t('unlocks.submit')}
        footnote={mine ? t('unlocks.yourLimits', { days: mine.maxDays, perDay: mine.perDay }) : undefined}
      >
        {(form) => (
          <>
            <TextField form={form} name="appUserId" label={t('unlocks.appUserId')} mono />
            <ChoiceField form={form} name="entitlementId" label={t('unlocks.entitlement')} options={options.map((o) => o.id)} labelOf={(id) => options.find((o) => o.id === id)?.name ?? ''} />
            <div className={styles.row}>
              <div className={styles.grow}>
                <TextField form={form} name="duration.count" label={t('unlocks.count')} />
              </div>
              <div className={styles.grow}>
                <ChoiceField form={form} name="duration.unit" label={t('unlocks.unit')} options={durationUnits} labelOf={(unit) => t(`units:${unit}`)} />
              </div>
            </div>
            <ChoiceField form={form} name="reasonCode" label={t('unlocks.reason')} options={unlockReasonCodes} labelOf={(code) => t(`unlocks.reasons.${code}`)} />
            <Field label={t('unlocks.note')} required validationMessage={form.messageOf('note')}>
              <Textarea value={form.values.note} placeholder={t('unlocks.notePlaceholder')} resize="vertical" onChange={(_, data) => form.setValue('note', data.value)} />
            </Field>
          </>
        )}
      </InlineForm>
    </SectionCard>
  );
}

/** The unlocks, newest first, with what the operator may do to each. */
function UnlockList({ projectId, canWrite }: { readonly projectId: string; readonly canWrite: boolean }) {
  const { t, i18n } = useTranslation(['commercePages', 'units']);
  const styles = useStyles();
  const session = useSession();
  const access = useProjectAccess(projectId);
  const [status, setStatus] = useState<UnlockStatus | ''>('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [decision, setDecision] = useState<Decision | null>(null);
  const [history, setHistory] = useState<ManualUnlock | null>(null);
  const search = useDebounced(q.trim());
  const list = useApiQuery('unlocks.list', { params: { projectId }, query: { page, pageSize, ...(status ? { status: [status] } : {}), ...(search ? { q: search } : {}) } }, { placeholderData: (previous) => previous });
  const me = session.data?.user?.id;
  const decides = access.role === 'admin' || access.project?.role === 'owner' || access.project?.role === 'admin';
  const period = (unlock: ManualUnlock) => t('unlocks.period', { count: unlock.duration.count, unit: t(`units:${unlock.duration.unit}`) });
  return (
    <SectionCard title={t('unlocks.list')}>
      <div className={styles.filters}>
        <Field label={t('unlocks.filter')}>
          <Select
            value={status}
            onChange={(_, data) => {
              setStatus(data.value as UnlockStatus | '');
              setPage(1);
            }}
          >
            <option value="">{t('any')}</option>
            {unlockStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`unlocks.statuses.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('unlocks.search')}>
          <Input
            type="search"
            value={q}
            onChange={(_, data) => {
              setQ(data.value);
              setPage(1);
            }}
          />
        </Field>
      </div>
      {list.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(t, list.error)}</MessageBarBody>
        </MessageBar>
      ) : !list.data ? (
        <Spinner label={t('loading')} />
      ) : list.data.total === 0 ? (
        <Text className={styles.muted}>{t('unlocks.empty')}</Text>
      ) : (
        <>
          <Table size="small" aria-label={t('unlocks.tableLabel')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('unlocks.columns.requestedAt')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.user')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.entitlement')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.period')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.reason')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.status')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.by')}</TableHeaderCell>
                <TableHeaderCell>{t('unlocks.columns.actions')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.items.map((unlock) => {
                const own = unlock.requestedBy?.id === me;
                return (
                  <TableRow key={unlock.id} data-testid={`unlock-${unlock.customer.appUserId}`}>
                    <TableCell className={styles.nowrap}>{formatDateTime(unlock.requestedAt, i18n.language)}</TableCell>
                    <TableCell>
                      <PrefetchLink to={customerPath(projectId, unlock.customer.id)} className={styles.mono}>
                        {unlock.customer.appUserId}
                      </PrefetchLink>
                    </TableCell>
                    <TableCell>{unlock.entitlement.name}</TableCell>
                    <TableCell>
                      {period(unlock)}
                      {unlock.expiresAt ? (
                        <Text size={200} block className={styles.muted}>
                          {t('unlocks.until', { date: formatDateTime(unlock.expiresAt, i18n.language) })}
                        </Text>
                      ) : null}
                    </TableCell>
                    <TableCell>
                      {t(`unlocks.reasons.${unlock.reasonCode}`)}
                      <Text size={200} block className={styles.muted}>
                        {unlock.note}
                      </Text>
                    </TableCell>
                    <TableCell>
                      <div className={styles.status}>
                      <Badge appearance="tint" className={styles.badge} color={unlockColor(unlock.status)}>
                        {t(`unlocks.statuses.${unlock.status}`)}
                      </Badge>
                      {unlock.status === 'pending' ? (
                        <Text size={200} block className={styles.muted}>
                          {t('unlocks.needsApproval', { reasons: unlock.approvalReasons.map((reason) => t(`unlocks.approvalReasons.${reason}`)).join(', ') })}
                        </Text>
                      ) : unlock.status === 'granted' ? (
                        <Text size={200} block className={styles.muted}>
                          {unlock.active ? t('unlocks.activeNow') : t('unlocks.ended')}
                        </Text>
                      ) : null}
                      </div>
                    </TableCell>
                    <TableCell>{unlock.requestedBy?.name ?? t('none')}</TableCell>
                    <TableCell>
                      <div className={styles.actions}>
                        {canWrite && unlock.status === 'pending' && decides && !own ? (
                          <Button size="small" appearance="primary" onClick={() => setDecision({ kind: 'approve', unlock })}>
                            {t('unlocks.approve')}
                          </Button>
                        ) : null}
                        {canWrite && unlock.status === 'pending' && (decides || own) ? (
                          <Button size="small" onClick={() => setDecision({ kind: 'reject', unlock })}>
                            {own ? t('unlocks.withdraw') : t('unlocks.reject')}
                          </Button>
                        ) : null}
                        {canWrite && unlock.status === 'granted' && unlock.active ? (
                          <Button size="small" onClick={() => setDecision({ kind: 'revoke', unlock })}>
                            {t('unlocks.revoke')}
                          </Button>
                        ) : null}
                        <Button size="small" appearance="subtle" onClick={() => setHistory(unlock)}>
                          {t('unlocks.history')}
                        </Button>
                      </div>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
          <PaginationBar
            page={page}
            pageSize={pageSize}
            total={list.data.total}
            allowAll={false}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size === 'all' ? 200 : size);
              setPage(1);
            }}
          />
        </>
      )}
      {decision ? <DecisionDialog projectId={projectId} decision={decision} period={period(decision.unlock)} onClose={() => setDecision(null)} /> : null}
      {history ? <HistoryDialog projectId={projectId} unlock={history} onClose={() => setHistory(null)} /> : null}
    </SectionCard>
  );
}

/** Approve, reject or revoke one unlock, with a note (required for a revocation). */
function DecisionDialog({ projectId, decision, period, onClose }: { readonly projectId: string; readonly decision: Decision; readonly period: string; readonly onClose: () => void }) {
  const { t } = useTranslation('commercePages');
  const [note, setNote] = useState('');
  const [error, setError] = useState<string | null>(null);
  const route = decision.kind === 'approve' ? 'unlocks.approve' : decision.kind === 'reject' ? 'unlocks.reject' : 'unlocks.revoke';
  const mutation = useApiMutation(route, { invalidates: ['unlocks', 'customers', 'subscriptionCheck'] });
  const { unlock } = decision;
  const vars = { user: unlock.customer.appUserId, entitlement: unlock.entitlement.name, period };
  const title = decision.kind === 'approve' ? t('unlocks.approveTitle') : decision.kind === 'reject' ? t('unlocks.rejectTitle') : t('unlocks.revokeTitle');
  const body = decision.kind === 'revoke' ? t('unlocks.revokeBody', vars) : t('unlocks.approveBody', vars);
  const confirm = async () => {
    if (decision.kind === 'revoke' && note.trim() === '') {
      setError(t('validation:required'));
      return;
    }
    try {
      await mutation.mutateAsync({ params: { projectId, id: unlock.id }, body: { version: unlock.version, ...(note.trim() ? { note: note.trim() } : {}) } } as never);
      notify.message('success', decision.kind === 'approve' ? t('unlocks.approved') : decision.kind === 'reject' ? t('unlocks.rejected') : t('unlocks.revoked'));
      onClose();
    } catch (failure) {
      setError(errorText(t, failure));
    }
  };
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{title}</DialogTitle>
          <DialogContent>
            <Text block>{body}</Text>
            <Field label={decision.kind === 'revoke' ? t('unlocks.revokeNote') : t('unlocks.decisionNote')} required={decision.kind === 'revoke'} validationMessage={error ?? undefined}>
              <Textarea value={note} onChange={(_, data) => setNote(data.value)} resize="vertical" />
            </Field>
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose} disabled={mutation.isPending}>
              {t('common:actions.cancel')}
            </Button>
            <Button appearance="primary" onClick={() => void confirm()} disabled={mutation.isPending} icon={mutation.isPending ? <Spinner size="tiny" /> : undefined}>
              {decision.kind === 'approve' ? t('unlocks.approve') : decision.kind === 'reject' ? t('unlocks.reject') : t('unlocks.revoke')}
            </Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** Every audited step of an unlock: who, when, what, with the notes. */
function HistoryDialog({ projectId, unlock, onClose }: { readonly projectId: string; readonly unlock: ManualUnlock; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation('commercePages');
  const history = useApiQuery('unlocks.history', { params: { projectId, id: unlock.id } });
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface>
        <DialogBody>
          <DialogTitle>{t('unlocks.historyTitle')}</DialogTitle>
          <DialogContent>
            {!history.data ? (
              <Spinner label={t('loading')} />
            ) : (
              <Table size="small" aria-label={t('unlocks.historyLabel')}>
                <TableBody>
                  {history.data.map((entry, index) => (
                    <TableRow key={`${entry.at}-${index}`}>
                      <TableCell>{formatDateTime(entry.at, i18n.language)}</TableCell>
                      <TableCell>{t(`unlocks.actions.${entry.action}`, { defaultValue: entry.action })}</TableCell>
                      <TableCell>{entry.actor?.name ?? t('none')}</TableCell>
                      <TableCell>{entry.note ?? ''}</TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            )}
          </DialogContent>
          <DialogActions>
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}

/** The limits per role; owners and admins change them (a versioned project setting). */
function UnlockLimits({ projectId }: { readonly projectId: string }) {
  const { t } = useTranslation('commercePages');
  const policy = useApiQuery('unlockPolicy.get', { params: { projectId } });
  if (!policy.data) return <Spinner label={t('loading')} />;
  // A new version (saved here or elsewhere) starts the editing over from it.
  return <UnlockLimitsForm key={policy.data.version} projectId={projectId} initial={policy.data.limits} version={policy.data.version} />;
}

function UnlockLimitsForm({ projectId, initial, version }: { readonly projectId: string; readonly initial: UnlockRoleLimits; readonly version: number }) {
  const { t } = useTranslation(['commercePages', 'projects']);
  const styles = useStyles();
  const access = useProjectAccess(projectId);
  const save = useApiMutation('unlockPolicy.set', { invalidates: ['unlockPolicy'] });
  const [limits, setLimits] = useState<UnlockRoleLimits>(initial);
  const [error, setError] = useState<string | null>(null);
  const canSet = access.can('unlockPolicy.set');
  const change = (role: (typeof unlockRoles)[number], field: 'maxDays' | 'perDay', value: number | null | undefined) =>
    setLimits({ ...limits, [role]: { ...limits[role], [field]: value ?? 0 } });
  const submit = async () => {
    setError(null);
    try {
      await save.mutateAsync({ params: { projectId }, body: { limits, version } });
      notify.message('success', t('unlocks.limits.saved'));
    } catch (failure) {
      setError(errorText(t, failure));
    }
  };
  return (
    <SectionCard title={t('unlocks.limits.title')} description={t('unlocks.limits.description')}>
      <div className={styles.limits}>
        <Table size="small" aria-label={t('unlocks.limits.title')}>
          <TableHeader>
            <TableRow>
              <TableHeaderCell>{t('unlocks.limits.role')}</TableHeaderCell>
              <TableHeaderCell>{t('unlocks.limits.maxDays')}</TableHeaderCell>
              <TableHeaderCell>{t('unlocks.limits.perDay')}</TableHeaderCell>
            </TableRow>
          </TableHeader>
          <TableBody>
            {unlockRoles.map((role) => (
              <TableRow key={role}>
                <TableCell>{t(`projects:memberRoles.${role}`)}</TableCell>
                <TableCell>
                  {canSet ? (
                    <SpinButton className={styles.number} min={0} max={3650} value={limits[role].maxDays} aria-label={`${t(`projects:memberRoles.${role}`)} ${t('unlocks.limits.maxDays')}`} onChange={(_, data) => change(role, 'maxDays', data.value ?? Number(data.displayValue))} />
                  ) : (
                    limits[role].maxDays
                  )}
                </TableCell>
                <TableCell>
                  {canSet ? (
                    <SpinButton className={styles.number} min={0} max={1000} value={limits[role].perDay} aria-label={`${t(`projects:memberRoles.${role}`)} ${t('unlocks.limits.perDay')}`} onChange={(_, data) => change(role, 'perDay', data.value ?? Number(data.displayValue))} />
                  ) : (
                    limits[role].perDay
                  )}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        {error ? (
          <MessageBar intent="error">
            <MessageBarBody>{error}</MessageBarBody>
          </MessageBar>
        ) : null}
        {canSet ? (
          <div>
            <Button onClick={() => void submit()} disabled={save.isPending} icon={save.isPending ? <Spinner size="tiny" /> : undefined}>
              {t('unlocks.limits.save')}
            </Button>
          </div>
        ) : (
          <Text size={200} className={styles.muted}>
            {t('unlocks.limits.readOnly')}
          </Text>
        )}
      </div>
    </SectionCard>
  );
}
