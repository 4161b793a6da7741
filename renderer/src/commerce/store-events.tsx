import { Badge, Field, makeStyles, MessageBar, MessageBarBody, Select, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { eventOutcomes, type EventOutcome } from '@contract/api/commerce';
import { errorKey } from '@contract/errors';
import { SectionCard } from '../components/section-card';
import { useApiQuery } from '../data/api-hooks';
import { errorText } from '../i18n/error-text';
import { formatDateTime } from '../lib/format';
import { PaginationBar } from '../resources/pagination-bar';

const useStyles = makeStyles({
  mono: { fontFamily: tokens.fontFamilyMonospace, fontSize: tokens.fontSizeBase200 },
  muted: { color: tokens.colorNeutralForeground3 },
  filter: { maxWidth: '240px', marginBottom: tokens.spacingVerticalM },
});

const outcomeColor = { applied: 'success', ignored: 'informative', refused: 'danger' } as const;

/**
 * The stores' notifications as received: applied, recorded without effect (a test), or refused with
 * the localized reason of its code (a bad signature, another app, the wrong environment).
 */
export function StoreEvents({ projectId }: { readonly projectId: string }) {
  const { t, i18n } = useTranslation(['commercePages', 'errors']);
  const styles = useStyles();
  const [outcome, setOutcome] = useState<EventOutcome | ''>('');
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(20);
  const events = useApiQuery('storeEvents.list', { params: { projectId }, query: { page, pageSize, ...(outcome ? { outcome } : {}) } }, { placeholderData: (previous) => previous });
  return (
    <SectionCard title={t('events.title')} description={t('events.description')}>
      <Field label={t('events.outcome')} className={styles.filter}>
        <Select
          value={outcome}
          onChange={(_, data) => {
            setOutcome(data.value as EventOutcome | '');
            setPage(1);
          }}
        >
          <option value="">{t('any')}</option>
          {eventOutcomes.map((value) => (
            <option key={value} value={value}>
              {t(`events.outcomes.${value}`)}
            </option>
          ))}
        </Select>
      </Field>
      {events.isError ? (
        <MessageBar intent="error">
          <MessageBarBody>{errorText(t, events.error)}</MessageBarBody>
        </MessageBar>
      ) : !events.data ? (
        <Spinner label={t('loading')} />
      ) : events.data.total === 0 ? (
        <Text className={styles.muted}>{t('events.empty')}</Text>
      ) : (
        <>
          <Table size="small" aria-label={t('events.tableLabel')}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('events.columns.receivedAt')}</TableHeaderCell>
                <TableHeaderCell>{t('events.columns.store')}</TableHeaderCell>
                <TableHeaderCell>{t('events.columns.type')}</TableHeaderCell>
                <TableHeaderCell>{t('events.columns.outcome')}</TableHeaderCell>
                <TableHeaderCell>{t('events.columns.transaction')}</TableHeaderCell>
                <TableHeaderCell>{t('events.columns.detail')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {events.data.items.map((event) => (
                <TableRow key={event.id}>
                  <TableCell>{formatDateTime(event.receivedAt, i18n.language)}</TableCell>
                  <TableCell>{t(`stores.${event.store}`)}</TableCell>
                  <TableCell className={styles.mono}>{event.subtype ? `${event.type} / ${event.subtype}` : event.type}</TableCell>
                  <TableCell>
                    <Badge appearance="tint" color={outcomeColor[event.outcome]}>
                      {t(`events.outcomes.${event.outcome}`)}
                    </Badge>
                  </TableCell>
                  <TableCell className={styles.mono}>{event.storeTransactionId ?? t('none')}</TableCell>
                  <TableCell>{event.errorCode !== null ? `${event.errorCode} ${t(`errors:${errorKey(event.errorCode)}`)}` : (event.detail ?? '')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          <PaginationBar
            page={page}
            pageSize={pageSize}
            total={events.data.total}
            allowAll={false}
            onPage={setPage}
            onPageSize={(size) => {
              setPageSize(size === 'all' ? 200 : size);
              setPage(1);
            }}
          />
        </>
      )}
    </SectionCard>
  );
}
