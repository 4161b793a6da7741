import {
  Badge,
  Button,
  Field,
  Input,
  makeStyles,
  MessageBar,
  MessageBarBody,
  Select,
  Skeleton,
  SkeletonItem,
  Spinner,
  Table,
  TableBody,
  TableCell,
  TableHeader,
  TableHeaderCell,
  TableRow,
  Tag,
  Text,
  tokens,
} from '@fluentui/react-components';
import { ArrowSortDown16Regular, ArrowSortUp16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useSearchParams } from 'react-router-dom';
import { platforms } from '@contract/resources/projects';
import { PageHeader } from '../components/page-header';
import { CountryPicker } from '../forms/country-picker';
import { useApiQuery } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { formatDateTime, formatRelativeTime } from '../lib/format';
import { PaginationBar } from '../resources/pagination-bar';
import { useDebounced } from '../resources/use-debounced';
import { ProjectPicker, useAreaProject } from './area-project';
import { CustomerProfile } from './customer-profile';
import { formatSpent, stateColor } from './format';
import { customerPath } from './transactions-list';
import { PrefetchLink } from '../components/prefetch-link';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalM },
  search: { minWidth: '280px', flexGrow: 1, maxWidth: '420px' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  country: { width: '240px' },
  sort: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  segment: { marginBottom: tokens.spacingVerticalM },
  note: { marginTop: tokens.spacingVerticalS, color: tokens.colorNeutralForeground3 },
});

/** Where `/customers/index/...` points: the list, or one customer's profile. */
function customerLocation(pathname: string): { projectId: string; customerId: string } | null {
  const parts = pathname.split('/').filter(Boolean);
  return parts.length === 4 && parts[0] === 'customers' && parts[1] === 'index' ? { projectId: parts[2] as string, customerId: parts[3] as string } : null;
}

/** `/customers/index` (the list) and `/customers/index/:projectId/:customerId` (a profile). */
export default function CustomersPage() {
  const location = useLocation();
  const profile = customerLocation(location.pathname);
  return profile ? <CustomerProfile projectId={profile.projectId} customerId={profile.customerId} /> : <CustomerList />;
}

function CustomerList() {
  const { t, i18n } = useTranslation(['commercePages', 'projects']);
  const styles = useStyles();
  const choice = useAreaProject('customers');
  const projectId = choice.projectId;
  const [q, setQ] = useState('');
  const [platform, setPlatform] = useState('');
  const [country, setCountry] = useState('');
  const [access, setAccess] = useState('');
  const [entitlementId, setEntitlementId] = useState('');
  // Opened from a saved segment (segments page, "Show these customers"): its members only.
  const [searchParams, setSearchParams] = useSearchParams();
  const segmentId = searchParams.get('segment') ?? '';
  const [sort, setSort] = useState<'lastSeenAt:desc' | 'firstSeenAt:desc' | 'firstSeenAt:asc'>('lastSeenAt:desc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const search = useDebounced(q.trim());
  const query = {
    page,
    pageSize,
    sort,
    ...(search ? { q: search } : {}),
    ...(platform ? { platform: platform as 'ios' | 'android' } : {}),
    ...(country ? { country } : {}),
    ...(access ? { access: access as 'subscribed' | 'none' } : {}),
    ...(entitlementId ? { entitlementId } : {}),
    ...(segmentId ? { segmentId } : {}),
  };
  const list = useApiQuery('customers.list', { params: { projectId: projectId ?? '' }, query }, { enabled: projectId !== null, placeholderData: (previous) => previous });
  const segments = useApiQuery('segments.list', { params: { projectId: projectId ?? '' } }, { enabled: projectId !== null && segmentId !== '' });
  const segmentName = segments.data?.find((s) => s.id === segmentId)?.name ?? segmentId;
  const entitlements = useApiQuery('entitlements.list', { params: { projectId: projectId ?? '' }, query: { pageSize: 200 } }, { enabled: projectId !== null });
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const nextSort = () => setSort(sort === 'lastSeenAt:desc' ? 'firstSeenAt:desc' : sort === 'firstSeenAt:desc' ? 'firstSeenAt:asc' : 'lastSeenAt:desc');
  return (
    <>
      <PageHeader title={t('customers.title')} description={t('customers.description')} actions={<ProjectPicker area="customers" />} />
      {choice.isPending ? (
        <Skeleton aria-label={t('loading')}>
          <SkeletonItem size={48} />
        </Skeleton>
      ) : !projectId ? (
        <Text className={styles.muted}>{t('project.none')}</Text>
      ) : (
        <section aria-label={t('customers.tableLabel')}>
          <div className={styles.filters}>
            <Field label={t('customers.search')} className={styles.search}>
              <Input type="search" value={q} onChange={(_, data) => reset(() => setQ(data.value))} />
            </Field>
            <Field label={t('customers.platform')}>
              <Select value={platform} onChange={(_, data) => reset(() => setPlatform(data.value))}>
                <option value="">{t('any')}</option>
                {platforms.map((value) => (
                  <option key={value} value={value}>
                    {t(`projects:platforms.${value}`)}
                  </option>
                ))}
              </Select>
            </Field>
            <CountryPicker label={t('customers.country')} className={styles.country} value={country} noneLabel={t('any')} onChange={(code) => reset(() => setCountry(code))} />
            <Field label={t('customers.access')}>
              <Select value={access} onChange={(_, data) => reset(() => setAccess(data.value))}>
                <option value="">{t('any')}</option>
                <option value="subscribed">{t('customers.accessOptions.subscribed')}</option>
                <option value="none">{t('customers.accessOptions.none')}</option>
              </Select>
            </Field>
            <Field label={t('customers.entitlement')}>
              <Select value={entitlementId} onChange={(_, data) => reset(() => setEntitlementId(data.value))}>
                <option value="">{t('any')}</option>
                {((entitlements.data?.items ?? []) as ReadonlyArray<{ id: string; name: string }>).map((entitlement) => (
                  <option key={entitlement.id} value={entitlement.id}>
                    {entitlement.name}
                  </option>
                ))}
              </Select>
            </Field>
          </div>
          {segmentId ? (
            <div className={styles.segment}>
              <Tag
                dismissible
                dismissIcon={{ 'aria-label': t('customers.clearSegment') }}
                value={segmentId}
                onClick={() => {
                  const next = new URLSearchParams(searchParams);
                  next.delete('segment');
                  setSearchParams(next);
                  setPage(1);
                }}
              >
                {t('customers.segment', { name: segmentName })}
              </Tag>
            </div>
          ) : null}
          {list.isError ? (
            <MessageBar intent="error">
              <MessageBarBody>{errorText(t, list.error)}</MessageBarBody>
            </MessageBar>
          ) : !list.data ? (
            <Spinner label={t('loading')} />
          ) : list.data.total === 0 ? (
            <Text className={styles.muted}>{t('customers.empty')}</Text>
          ) : (
            <>
              <Table size="small" aria-label={t('customers.tableLabel')}>
                <TableHeader>
                  <TableRow>
                    <TableHeaderCell>{t('customers.columns.user')}</TableHeaderCell>
                    <TableHeaderCell>{t('customers.columns.platform')}</TableHeaderCell>
                    <TableHeaderCell>{t('customers.columns.country')}</TableHeaderCell>
                    <TableHeaderCell>
                      <Button
                        appearance="transparent"
                        size="small"
                        onClick={nextSort}
                        aria-label={`${sort === 'lastSeenAt:desc' ? t('customers.columns.lastSeen') : t('customers.columns.firstSeen')} (${t('customers.sortFirstSeen')})`}
                      >
                        <span className={styles.sort}>
                          {sort === 'lastSeenAt:desc' ? t('customers.columns.lastSeen') : t('customers.columns.firstSeen')}
                          {sort.endsWith('desc') ? <ArrowSortDown16Regular /> : <ArrowSortUp16Regular />}
                        </span>
                      </Button>
                    </TableHeaderCell>
                    <TableHeaderCell>{t('customers.columns.spent')}</TableHeaderCell>
                    <TableHeaderCell>{t('customers.columns.entitlements')}</TableHeaderCell>
                    <TableHeaderCell>{t('customers.columns.state')}</TableHeaderCell>
                  </TableRow>
                </TableHeader>
                <TableBody>
                  {list.data.items.map((customer) => {
                    const when = sort === 'lastSeenAt:desc' ? customer.lastSeenAt : customer.firstSeenAt;
                    return (
                      <TableRow key={customer.id}>
                        <TableCell>
                          <PrefetchLink to={customerPath(projectId, customer.id)} className={styles.mono}>
                            {customer.appUserId}
                          </PrefetchLink>
                          {customer.email ? (
                            <Text size={200} block className={styles.muted}>
                              {customer.email}
                            </Text>
                          ) : null}
                        </TableCell>
                        <TableCell>{t(`projects:platforms.${customer.platform}`)}</TableCell>
                        <TableCell>{customer.country ?? t('none')}</TableCell>
                        <TableCell title={formatDateTime(when, i18n.language)}>{formatRelativeTime(when, i18n.language)}</TableCell>
                        <TableCell>{formatSpent(customer.spent, i18n.language) || t('none')}</TableCell>
                        <TableCell>{customer.activeEntitlements.length ? customer.activeEntitlements.join(', ') : t('none')}</TableCell>
                        <TableCell>
                          {customer.subscriptionState ? (
                            <Badge appearance="tint" color={stateColor(customer.subscriptionState)}>
                              {t(`states.${customer.subscriptionState}`)}
                            </Badge>
                          ) : (
                            t('none')
                          )}
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
              {list.data.totalCapped ? <Text className={styles.note}>{t('customers.atLeast', { count: list.data.total })}</Text> : null}
            </>
          )}
        </section>
      )}
    </>
  );
}
