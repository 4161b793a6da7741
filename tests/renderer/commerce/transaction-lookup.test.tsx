// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@contract/api';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { TransactionLookup } from '../../../renderer/src/commerce/transaction-lookup';
import { buildResources } from '../../../renderer/src/i18n/resources';

/** The store lookup's "credential file is missing" says where the credentials go (issue 19 §5). */

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return { ...original, callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown> };
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});

const APP = '00000000-0000-4000-8000-00000000a001';
let refusal: number;
beforeEach(() => {
  api.call.mockReset();
  api.call.mockImplementation((routeId: RouteId) => {
    if (routeId === 'apps.list') return Promise.resolve({ items: [{ id: APP, name: 'Palette iOS', platform: 'ios' }], total: 1, page: 1, pageSize: 200 });
    if (routeId === 'transactions.lookup') return Promise.reject(new AppError(refusal, 'refused'));
    return Promise.reject(new Error(`unexpected call ${routeId}`));
  });
});
afterEach(async () => {
  cleanup();
  await i18n.changeLanguage('en-US');
});

function Providers({ children }: { readonly children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <MemoryRouter>
          <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

async function ask(): Promise<void> {
  render(
    <Providers>
      <TransactionLookup projectId="p1" canWrite />
    </Providers>,
  );
  await screen.findByRole('option', { name: /Palette iOS/ });
  fireEvent.change(screen.getByRole('textbox'), { target: { value: '2000000123456789' } });
  fireEvent.submit(screen.getByRole('form'));
}

describe('the store lookup’s refusals', () => {
  it('link a missing credential file to the app’s settings, in English and Chinese', async () => {
    refusal = ErrorCode.CredentialFileMissing;
    await ask();
    const link = await screen.findByRole('link', { name: 'Open the settings of Palette iOS' });
    expect(link.getAttribute('href')).toBe(`/projects/p1/settings/${APP}`);
    cleanup();
    await i18n.changeLanguage('zh-CN');
    await ask();
    expect(await screen.findByRole('link', { name: '打开 Palette iOS 的设置' })).toBeTruthy();
  });

  it('offer no such link for other refusals', async () => {
    refusal = ErrorCode.Forbidden;
    await ask();
    await screen.findByText((_, node) => node?.classList.contains('fui-MessageBarBody') ?? false);
    expect(screen.queryByRole('link')).toBeNull();
  });
});
