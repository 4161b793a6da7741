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
import { ArrowSortDown16Regular, ArrowSortUp16Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { stores, storeEnvironments, transactionStatuses, type TransactionRow } from '@contract/api/commerce';
import { useApiQuery } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';
import { PaginationBar } from '../resources/pagination-bar';
import { useDebounced } from '../resources/use-debounced';
import { dayBound, formatPrice, stateColor, statusColor } from './format';
import { PrefetchLink } from '../components/prefetch-link';

const useStyles = makeStyles({
  filters: { display: 'flex', flexWrap: 'wrap', gap: tokens.spacingHorizontalM, alignItems: 'flex-end', marginBottom: tokens.spacingVerticalM },
  search: { minWidth: '320px', flexGrow: 1, maxWidth: '480px' },
  muted: { color: tokens.colorNeutralForeground3 },
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  end: { textAlign: 'end' },
  endHeader: { justifyContent: 'flex-end' },
  sortButton: { minWidth: 0, paddingInline: 0, font: 'inherit' },
  surface: { maxWidth: '760px', width: '90vw' },
  facts: { display: 'grid', gridTemplateColumns: 'max-content 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalXS, margin: 0 },
  sort: { display: 'inline-flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS },
  value: { margin: 0 },
  subheading: { marginTop: tokens.spacingVerticalL },
});

/** Where a customer's profile is, for links from any commerce screen. */
export function customerPath(projectId: string, customerId: string): string {
  return `/customers/index/${projectId}/${customerId}`;
}

/**
 * The transactions list: exact-id search, filters by store, environment, status, product and
 * purchase day, newest first or by price, pages served by the server; a row opens its details.
 */
export function TransactionsList({ projectId, customerId }: { readonly projectId: string; readonly customerId?: string }) {
  const { t, i18n } = useTranslation(['commercePages', 'resources']);
  const styles = useStyles();
  const [q, setQ] = useState('');
  const [store, setStore] = useState('');
  const [environment, setEnvironment] = useState('');
  const [status, setStatus] = useState('');
  const [productId, setProductId] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [sort, setSort] = useState<'purchasedAt:desc' | 'price:desc' | 'price:asc'>('purchasedAt:desc');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const [opened, setOpened] = useState<TransactionRow | null>(null);
  const search = useDebounced(q.trim());
  const product = useDebounced(productId.trim());
  const query = {
    page,
    pageSize,
    sort,
    ...(search ? { q: search } : {}),
    ...(store ? { store: store as TransactionRow['store'] } : {}),
    ...(environment ? { environment: environment as TransactionRow['environment'] } : {}),
    ...(status ? { status: [status as TransactionRow['status']] } : {}),
    ...(product ? { productId: product } : {}),
    ...(customerId ? { customerId } : {}),
    ...(dayBound(from, false) ? { from: dayBound(from, false) } : {}),
    ...(dayBound(to, true) ? { to: dayBound(to, true) } : {}),
  };
  const list = useApiQuery('transactions.list', { params: { projectId }, query }, { placeholderData: (previous) => previous });
  const reset = (apply: () => void) => {
    apply();
    setPage(1);
  };
  const nextSort = () => setSort(sort === 'purchasedAt:desc' ? 'price:desc' : sort === 'price:desc' ? 'price:asc' : 'purchasedAt:desc');
  return (
    <section aria-label={t('transactions.tableLabel')}>
      <div className={styles.filters}>
        <Field label={t('transactions.search')} hint={t('transactions.searchHint')} className={styles.search}>
          <Input value={q} onChange={(_, data) => reset(() => setQ(data.value))} type="search" />
        </Field>
        <Field label={t('transactions.store')}>
          <Select value={store} onChange={(_, data) => reset(() => setStore(data.value))}>
            <option value="">{t('any')}</option>
            {stores.map((value) => (
              <option key={value} value={value}>
                {t(`stores.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('transactions.environment')}>
          <Select value={environment} onChange={(_, data) => reset(() => setEnvironment(data.value))}>
            <option value="">{t('any')}</option>
            {storeEnvironments.map((value) => (
              <option key={value} value={value}>
                {t(`environments.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('transactions.status')}>
          <Select value={status} onChange={(_, data) => reset(() => setStatus(data.value))}>
            <option value="">{t('any')}</option>
            {transactionStatuses.map((value) => (
              <option key={value} value={value}>
                {t(`statuses.${value}`)}
              </option>
            ))}
          </Select>
        </Field>
        <Field label={t('transactions.product')}>
          <Input value={productId} onChange={(_, data) => reset(() => setProductId(data.value))} />
        </Field>
        <Field label={t('transactions.from')}>
          <Input type="date" value={from} onChange={(_, data) => reset(() => setFrom(data.value))} />
        </Field>
        <Field label={t('transactions.to')}>
          <Input type="date" value={to} onChange={(_, data) => reset(() => setTo(data.value))} />
        </Field>
      </div>
      {list.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(t, list.error)}</MessageBarBody>
        </MessageBar>
      ) : null}
      {!list.data ? (
        <Spinner label={t('loading')} />
      ) : list.data.total === 0 ? (
        <Text className={styles.muted}>{t('transactions.empty')}</Text>
      ) : (
        <>
          <Table size="small" aria-label={t('transactions.tableLabel')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('transactions.columns.purchasedAt')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.customer')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.store')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.product')}</TableHeaderCell>
                {/* The header cell lays its content out in a flex box, so textAlign alone left "Price" at the
                    start while the prices sit at the end (issue 19 §5); the button drops its own padding
                    so the word lines up with the cells' text. */}
                <TableHeaderCell className={styles.end} button={{ className: styles.endHeader }}>
                  <Button appearance="transparent" size="small" className={styles.sortButton} onClick={nextSort} aria-label={`${t('transactions.columns.price')} (${t('transactions.sortPrice')})`}>
                    <span className={styles.sort}>
                      {t('transactions.columns.price')}
                      {sort === 'price:desc' ? <ArrowSortDown16Regular /> : sort === 'price:asc' ? <ArrowSortUp16Regular /> : null}
                    </span>
                  </Button>
                </TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.status')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.state')}</TableHeaderCell>
                <TableHeaderCell>{t('transactions.columns.transactionId')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {list.data.items.map((row) => (
                <TableRow key={row.id}>
                  <TableCell>{formatDateTime(row.purchasedAt, i18n.language)}</TableCell>
                  <TableCell>
                    <PrefetchLink to={customerPath(projectId, row.customer.id)} className={styles.mono}>
                      {row.customer.appUserId}
                    </PrefetchLink>
                  </TableCell>
                  <TableCell>
                    {t(`stores.${row.store}`)}
                    {row.environment === 'sandbox' ? (
                      <>
                        {' '}
                        <Badge size="small" appearance="outline" color="informative">
                          {t('environments.sandbox')}
                        </Badge>
                      </>
                    ) : null}
                  </TableCell>
                  <TableCell>{row.skuName ?? row.productId}</TableCell>
                  <TableCell className={styles.end}>{formatPrice(row.price, row.currency, i18n.language) || t('none')}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={statusColor(row.status)}>
                      {t(`statuses.${row.status}`)}
                    </Badge>
                  </TableCell>
                  <TableCell>
                    {row.subscriptionState ? (
                      <Badge appearance="tint" color={stateColor(row.subscriptionState)}>
                        {t(`states.${row.subscriptionState}`)}
                      </Badge>
                    ) : (
                      t('none')
                    )}
                  </TableCell>
                  <TableCell>
                    <Button appearance="transparent" size="small" className={styles.mono} onClick={() => setOpened(row)} aria-label={t('transactions.details', { id: row.storeTransactionId })}>
                      {row.storeTransactionId}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
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
      {opened ? <TransactionDetails projectId={projectId} row={opened} onClose={() => setOpened(null)} /> : null}
    </section>
  );
}

/** One transaction: every fact the console keeps, its subscription and the notifications that named it. */
export function TransactionDetails({ projectId, row, onClose }: { readonly projectId: string; readonly row: TransactionRow; readonly onClose: () => void }) {
  const { t, i18n } = useTranslation('commercePages');
  const styles = useStyles();
  const detail = useApiQuery('transactions.get', { params: { projectId, id: row.id } });
  const date = (iso: string | null) => (iso ? formatDateTime(iso, i18n.language) : t('none'));
  const fact = (label: string, value: string) => (
    <>
      <dt>
        <Text weight="semibold">{label}</Text>
      </dt>
      <dd className={styles.value}>
        <Text>{value}</Text>
      </dd>
    </>
  );
  return (
    <Dialog open onOpenChange={(_, data) => (!data.open ? onClose() : undefined)}>
      <DialogSurface className={styles.surface}>
        <DialogBody>
          <DialogTitle>{t('transactions.details', { id: row.storeTransactionId })}</DialogTitle>
          <DialogContent>
            {detail.isError ? (
              <MessageBar intent="error">
                <MessageBarBody>{errorText(t, detail.error)}</MessageBarBody>
              </MessageBar>
            ) : !detail.data ? (
              <Spinner label={t('loading')} />
            ) : (
              <>
                <dl className={styles.facts}>
                  {fact(t('transactions.columns.customer'), detail.data.customer.appUserId)}
                  {fact(t('transactions.detail.originalTransactionId'), detail.data.originalTransactionId)}
                  {detail.data.purchaseToken ? fact(t('transactions.detail.purchaseToken'), detail.data.purchaseToken) : null}
                  {fact(t('transactions.detail.environment'), t(`environments.${detail.data.environment}`))}
                  {fact(t('transactions.detail.type'), t(`types.${detail.data.type}`))}
                  {fact(t('transactions.columns.product'), detail.data.productId)}
                  {fact(t('transactions.columns.price'), formatPrice(detail.data.price, detail.data.currency, i18n.language) || t('none'))}
                  {fact(t('transactions.detail.offer'), detail.data.offer ?? t('none'))}
                  {fact(t('transactions.columns.purchasedAt'), date(detail.data.purchasedAt))}
                  {fact(t('transactions.detail.expiresAt'), date(detail.data.expiresAt))}
                  {detail.data.refundedAt ? fact(t('transactions.detail.refundedAt'), date(detail.data.refundedAt)) : null}
                  {detail.data.revokedAt ? fact(t('transactions.detail.revokedAt'), date(detail.data.revokedAt)) : null}
                  {fact(t('transactions.detail.country'), detail.data.country ?? t('none'))}
                  {detail.data.subscription ? fact(t('transactions.detail.subscription'), t(`states.${detail.data.subscription.state}`)) : null}
                  {detail.data.subscription
                    ? fact(
                        t('transactions.detail.autoRenew'),
                        detail.data.subscription.autoRenew === null ? t('transactions.detail.unknown') : detail.data.subscription.autoRenew ? t('transactions.detail.yes') : t('transactions.detail.no'),
                      )
                    : null}
                </dl>
                <Text as="h3" weight="semibold" block className={styles.subheading}>
                  {t('transactions.detail.events')}
                </Text>
                {detail.data.events.length === 0 ? (
                  <Text className={styles.muted}>{t('transactions.detail.noEvents')}</Text>
                ) : (
                  <Table size="small" aria-label={t('transactions.detail.events')}>
                    <TableBody>
                      {detail.data.events.map((event) => (
                        <TableRow key={event.id}>
                          <TableCell>{date(event.receivedAt)}</TableCell>
                          <TableCell className={styles.mono}>{event.subtype ? `${event.type} / ${event.subtype}` : event.type}</TableCell>
                          <TableCell>{t(`events.outcomes.${event.outcome}`)}</TableCell>
                        </TableRow>
                      ))}
                    </TableBody>
                  </Table>
                )}
              </>
            )}
          </DialogContent>
          <DialogActions>
            <PrefetchLink to={customerPath(projectId, row.customer.id)}>{t('transactions.detail.openCustomer')}</PrefetchLink>
            <Button onClick={onClose}>{t('common:actions.close')}</Button>
          </DialogActions>
        </DialogBody>
      </DialogSurface>
    </Dialog>
  );
}
