import { Button, makeStyles, MessageBar, MessageBarBody, Spinner, Table, TableBody, TableCell, TableHeader, TableHeaderCell, TableRow, Text, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FeedbackAnswer } from '@contract/api/popups';
import type { ConfigItem } from '@contract/config';
import { callApi } from '../../bridge/call-api';
import { notify } from '../../components/notices';
import { useApiQuery } from '../../data/api-hooks';
import { errorText } from '../../i18n/error-text';
import { formatDateTime } from '../../lib/format';

const useStyles = makeStyles({
  head: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: tokens.spacingHorizontalL, marginBottom: tokens.spacingVerticalM },
  grow: { flexGrow: 1 },
  muted: { color: tokens.colorNeutralForeground3 },
  pager: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginTop: tokens.spacingVerticalM },
  text: { whiteSpace: 'pre-line', overflowWrap: 'anywhere' },
});

const PAGE_SIZE = 20;

/** Saves a text as a file through the browser's download (the desktop app asks where). */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * The answers app users gave to a Feedback popup (delivery API `POST …/feedback`), newest first,
 * with their count and mean rating, and the whole list as CSV (server-made: quoted, formulas
 * neutralized, with a byte-order mark for spreadsheets). A tab of the popup's editor.
 */
export function FeedbackAnswers({ projectId, item }: { readonly projectId: string; readonly item: ConfigItem }) {
  const { t, i18n } = useTranslation(['popupPages', 'projects', 'errors']);
  const styles = useStyles();
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const answers = useApiQuery('popupFeedback.list', { params: { projectId, id: item.id }, query: { page, pageSize: PAGE_SIZE } }, { placeholderData: (previous) => previous });
  const isFeedback = item.draft.popupType === 'feedback';

  const exportCsv = async () => {
    setExporting(true);
    try {
      const file = await callApi('popupFeedback.export', { params: { projectId, id: item.id } });
      download(file.fileName, file.csv);
      notify.message('success', t('popupPages:answers.exported', { rows: file.rows, file: file.fileName }));
      if (file.truncated) notify.message('warning', t('popupPages:answers.truncated', { rows: file.rows }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    } finally {
      setExporting(false);
    }
  };

  if (answers.isError) {
    return (
      <MessageBar intent="error">
        <MessageBarBody>{errorText(t, answers.error)}</MessageBarBody>
      </MessageBar>
    );
  }
  if (!answers.data) return <Spinner label={t('popupPages:answers.title')} />;
  const data = answers.data;
  const pages = Math.max(1, Math.ceil(data.total / PAGE_SIZE));
  const answerOf = (answer: FeedbackAnswer) =>
    answer.rating !== null
      ? t('popupPages:answers.stars', { count: answer.rating })
      : answer.choice !== null
        ? t('popupPages:answers.choice', { number: answer.choice + 1, text: answer.choiceText ?? '' })
        : (answer.text ?? '');
  return (
    <section aria-label={t('popupPages:answers.title')}>
      <div className={styles.head}>
        <Text weight="semibold">{t('popupPages:answers.summary', { count: data.summary.answers })}</Text>
        {data.summary.averageRating !== null ? <Text>{t('popupPages:answers.average', { value: data.summary.averageRating.toLocaleString(i18n.language) })}</Text> : null}
        <span className={styles.grow} />
        <Button icon={exporting ? <Spinner size="tiny" /> : <ArrowDownload20Regular />} disabled={exporting || data.total === 0} onClick={() => void exportCsv()}>
          {t('popupPages:answers.export')}
        </Button>
      </div>
      {!isFeedback ? (
        <MessageBar intent="info">
          <MessageBarBody>{t('popupPages:answers.notFeedback')}</MessageBarBody>
        </MessageBar>
      ) : null}
      {data.total === 0 ? (
        <Text className={styles.muted}>{t('popupPages:answers.empty')}</Text>
      ) : (
        <>
          <Table size="small" aria-label={t('popupPages:answers.tableLabel', { name: item.name })}>
            <TableHeader>
              <TableRow>
                <TableHeaderCell>{t('popupPages:answers.at')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.user')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.answer')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.comment')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.revision')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.platform')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.appVersion')}</TableHeaderCell>
                <TableHeaderCell>{t('popupPages:answers.language')}</TableHeaderCell>
              </TableRow>
            </TableHeader>
            <TableBody>
              {data.items.map((answer) => (
                <TableRow key={answer.id}>
                  <TableCell>{formatDateTime(answer.at, i18n.language)}</TableCell>
                  <TableCell>{answer.userId}</TableCell>
                  <TableCell className={styles.text}>{answerOf(answer)}</TableCell>
                  <TableCell className={styles.text}>{answer.rating !== null || answer.choice !== null ? (answer.text ?? '') : ''}</TableCell>
                  <TableCell>{answer.revision}</TableCell>
                  <TableCell>{t(`projects:platforms.${answer.platform}`)}</TableCell>
                  <TableCell>{answer.appVersion ?? ''}</TableCell>
                  <TableCell>{answer.language ?? ''}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {pages > 1 ? (
            <div className={styles.pager}>
              <Button size="small" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('popupPages:answers.previous')}
              </Button>
              <Text>{t('popupPages:answers.page', { page, pages })}</Text>
              <Button size="small" disabled={page >= pages} onClick={() => setPage(page + 1)}>
                {t('popupPages:answers.next')}
              </Button>
            </div>
          ) : null}
        </>
      )}
    </section>
  );
}
