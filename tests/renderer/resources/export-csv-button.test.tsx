// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next, { type i18n as I18n } from 'i18next';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { IpcResult, ExportCsvOutput, PaletteBridge } from '@contract/ipc';
import { skuResource } from '@contract/resources/projects';
import { subscribeNotices, type Notice } from '../../../renderer/src/components/notices';
import { buildResources } from '../../../renderer/src/i18n/resources';
import { ExportCsvButton, exportColumns } from '../../../renderer/src/resources/export-csv-button';

/**
 * The list toolbar's "Export CSV" (issue 19) against a fake bridge: what it asks main for (the
 * list's filters without the page, the shown columns, the console's language), the progress while
 * rows arrive, and the localized notice when the export fails.
 */

let progress: ((event: { routeId: string; rows: number }) => void) | null = null;
let finish: (result: IpcResult<ExportCsvOutput>) => void = () => undefined;
const exportCall = vi.fn(() => new Promise<IpcResult<ExportCsvOutput>>((resolve) => (finish = resolve)));
const bridge = {
  api: { export: exportCall },
  on: (event: string, listener: (event: { routeId: string; rows: number }) => void) => {
    if (event === 'export.progress') progress = listener;
    return () => {
      progress = null;
    };
  },
} as unknown as PaletteBridge;

const instances: Record<string, I18n> = {};
beforeAll(async () => {
  for (const lng of ['en-US', 'zh-CN']) {
    const instance = i18next.createInstance();
    await instance.init({ resources: buildResources(), lng, fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
    instances[lng] = instance;
  }
});

let notices: Notice[];
let unsubscribe: () => void;
beforeEach(() => {
  exportCall.mockClear();
  notices = [];
  unsubscribe = subscribeNotices((notice) => notices.push(notice));
});
afterEach(() => {
  unsubscribe();
  cleanup();
});

function show(lng: 'en-US' | 'zh-CN') {
  render(
    <I18nextProvider i18n={instances[lng]!}>
      <FluentProvider theme={webLightTheme}>
        <ExportCsvButton
          bridge={bridge}
          request={{ routeId: 'skus.export', params: { projectId: 'p1' }, query: { period: ['monthly'], sort: 'name:asc', q: 'pro' } }}
          columns={['name', 'period']}
          fileName="skus-2025-01-01"
        />
      </FluentProvider>
    </I18nextProvider>,
  );
}

describe('ExportCsvButton', () => {
  it('asks main for the filtered list in the console language, shows rows arriving, then offers the button again', async () => {
    show('zh-CN');
    fireEvent.click(screen.getByRole('button', { name: '导出 CSV' }));
    expect(exportCall).toHaveBeenCalledWith({
      routeId: 'skus.export',
      input: { params: { projectId: 'p1' }, query: { period: ['monthly'], sort: 'name:asc', q: 'pro', lang: 'zh-CN', columns: 'name,period' } },
      fileName: 'skus-2025-01-01.csv',
    });
    await waitFor(() => expect(progress).not.toBeNull());
    act(() => progress!({ routeId: 'skus.export', rows: 1500 }));
    expect(screen.getByRole('status').textContent).toContain('1500');
    await act(async () => finish({ ok: true, value: { status: 'saved', rows: 2000 } }));
    expect(screen.getByRole('button', { name: '导出 CSV' })).toBeTruthy();
    expect(notices.at(-1)).toMatchObject({ intent: 'success' });
  });

  it('reports a failure with its localized message', async () => {
    show('en-US');
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await act(async () => finish({ ok: false, code: 1001, message: 'The server could not be reached' }));
    expect(notices.at(-1)).toMatchObject({ intent: 'error' });
    expect(JSON.stringify(notices.at(-1))).not.toContain('The server could not be reached');
  });

  it('sends only the shown columns the server can write', () => {
    expect(exportColumns(skuResource, [{ id: 'name' }, { id: 'actions' }, { id: 'enabled' }, { id: 'updatedAt' }])).toEqual(['name', 'enabled', 'updatedAt']);
  });
});
