import { Button, Spinner, Text, makeStyles, tokens } from '@fluentui/react-components';
import { ArrowDownload20Regular } from '@fluentui/react-icons';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RouteId } from '@contract/api';
import type { AnyResource } from '@contract/resources/define';
import type { PaletteBridge } from '@contract/ipc';
import { getBridge } from '../bridge/get-bridge';
import { unwrapIpcResult } from '../bridge/unwrap';
import { notify } from '../components/notices';
import { errorText } from '../i18n/error-text';

const useStyles = makeStyles({
  progress: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, minWidth: '160px' },
});

export interface ExportCsvButtonProps {
  /** The list's export route (`<list>.export`, `reply: 'csv'`), its path parameters and its query. */
  readonly request: { readonly routeId: RouteId; readonly params?: Record<string, unknown>; readonly query: Record<string, unknown> };
  /** The columns shown, in order (the server writes these); all declared fields when absent. */
  readonly columns?: readonly string[];
  /** The file name offered, without `.csv`. */
  readonly fileName: string;
  /** Tests pass their own bridge. */
  readonly bridge?: PaletteBridge;
}

/** Saves a text as a file through the browser (the browser edition's downloads). */
function download(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/**
 * "Export CSV" of a list's toolbar (issue 19): every row the current filters, sort and search select,
 * all pages, streamed by the server through main (`palette.api.export`), header in the console's
 * language. While it runs the button shows how many rows arrived; a failure is a localized notice.
 */
export function ExportCsvButton(props: ExportCsvButtonProps) {
  const { t, i18n } = useTranslation(['resource', 'errors']);
  const styles = useStyles();
  const [rows, setRows] = useState<number | null>(null);
  const bridge = props.bridge ?? getBridge();
  const { routeId } = props.request;

  useEffect(() => {
    if (rows === null) return undefined;
    return bridge.on('export.progress', (event) => {
      if (event.routeId === routeId) setRows(event.rows);
    });
  }, [bridge, routeId, rows === null]); // eslint-disable-line react-hooks/exhaustive-deps

  const run = async () => {
    setRows(0);
    try {
      const query: Record<string, unknown> = { ...props.request.query, lang: i18n.language === 'zh-CN' ? 'zh-CN' : 'en-US' };
      if (props.columns && props.columns.length > 0) query.columns = props.columns.join(',');
      const result = unwrapIpcResult(
        await bridge.api.export({ routeId, input: { ...(props.request.params ? { params: props.request.params } : {}), query }, fileName: `${props.fileName}.csv` }),
      );
      if (result.status === 'download') download(result.fileName, result.csv);
      if (result.status !== 'cancelled') notify.message('success', t('resource:actions.exported', { rows: result.rows, file: result.status === 'download' ? result.fileName : `${props.fileName}.csv` }));
    } catch (error) {
      notify.message('error', errorText(t, error));
    } finally {
      setRows(null);
    }
  };

  if (rows !== null) {
    return (
      <div className={styles.progress} role="status">
        <Text size={200}>{t('resource:actions.exporting', { rows })}</Text>
        <Spinner size="tiny" aria-label={t('resource:actions.exportCsv')} />
      </div>
    );
  }
  return (
    <Button appearance="subtle" icon={<ArrowDownload20Regular />} onClick={() => void run()}>
      {t('resource:actions.exportCsv')}
    </Button>
  );
}

/** The shown columns a resource's export can write (its declared fields and system fields), in order. */
export function exportColumns(resource: Pick<AnyResource, 'fields' | 'timeBound' | 'orderable' | 'trash'>, shown: ReadonlyArray<{ readonly id: string }>): string[] {
  const known = new Set([
    'id',
    ...Object.keys(resource.fields),
    'enabled',
    ...(resource.timeBound ? ['state'] : []),
    ...(resource.orderable ? ['sortOrder'] : []),
    ...(resource.trash ? ['deletedAt'] : []),
    'version',
    'createdBy',
    'createdAt',
    'updatedBy',
    'updatedAt',
  ]);
  return shown.map((column) => column.id).filter((id) => known.has(id));
}
