// @vitest-environment happy-dom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import i18next from 'i18next';
import type { ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import type { RouteId } from '@contract/api';
import type { StoreSettings } from '@contract/api/commerce';
import { ErrorCode } from '@contract/errors';
import { AppError } from '../../../renderer/src/bridge/app-error';
import type * as CallApiModule from '../../../renderer/src/bridge/call-api';
import { StoreSettingsCard } from '../../../renderer/src/commerce/store-settings-card';
import { buildResources } from '../../../renderer/src/i18n/resources';

/**
 * A Google app's store settings card (store-settings-card.tsx) against a fake API: push
 * authentication off until both the service account and the audience are saved, one without the
 * other refused at its field before anything is sent, the server's field errors under their
 * fields, and the labels in both languages.
 */

const api = vi.hoisted(() => ({ call: vi.fn() }));
vi.mock('../../../renderer/src/bridge/call-api', async (importOriginal) => {
  const original = await importOriginal<typeof CallApiModule>();
  return { ...original, callApi: (routeId: string, input: unknown) => api.call(routeId, input) as Promise<unknown> };
});

const i18n = i18next.createInstance();
beforeAll(async () => {
  await i18n.init({ resources: buildResources(), lng: 'en-US', fallbackLng: 'en-US', defaultNS: 'common', interpolation: { escapeValue: false }, initAsync: false });
});
const t = (key: string) => i18n.t(key);

const EMAIL = 'rtdn-push@palette.iam.gserviceaccount.com';
let settings: StoreSettings;
let refuseWith: AppError | null;

beforeEach(async () => {
  await i18n.changeLanguage('en-US');
  settings = {
    appId: 'a1',
    platform: 'android',
    appleAppId: null,
    acceptSandbox: true,
    sandboxTesters: [],
    googlePushEmail: null,
    googlePushAudience: null,
    googlePushDefault: false,
    googlePushOpen: true,
    notificationPath: '/hooks/google/a1',
    hasCredentials: true,
    lastEventAt: null,
    version: 1,
    updatedAt: null,
    updatedBy: null,
  };
  refuseWith = null;
  api.call.mockReset();
  api.call.mockImplementation((routeId: RouteId, input: { body?: Record<string, unknown> }) => {
    if (routeId === 'storeSettings.get') return Promise.resolve(settings);
    if (routeId === 'storeSettings.update') {
      if (refuseWith) return Promise.reject(refuseWith);
      const body = input.body as { googlePushEmail: string | null; googlePushAudience: string | null; version: number };
      settings = { ...settings, googlePushEmail: body.googlePushEmail, googlePushAudience: body.googlePushAudience, googlePushOpen: body.googlePushEmail === null, version: body.version + 1 };
      return Promise.resolve(settings);
    }
    return Promise.reject(new Error(`unexpected call ${routeId}`));
  });
});
afterEach(() => cleanup());

function Providers({ children }: { readonly children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <FluentProvider theme={webLightTheme}>{children}</FluentProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

const show = (canWrite = true) =>
  render(
    <Providers>
      <StoreSettingsCard projectId="p1" appId="a1" canWrite={canWrite} />
    </Providers>,
  );
const updates = () => api.call.mock.calls.filter(([id]) => id === 'storeSettings.update').map(([, input]) => (input as { body: unknown }).body);
const type = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('a Google app’s push authentication', () => {
  it('warns plainly while it is off, refuses an audience without the account, then saves and says it is on', async () => {
    show();
    expect((await screen.findByTestId('store-push-status')).textContent).toBe(t('commercePages:storeSettings.pushOff'));
    expect(screen.getByTestId('store-push-open').textContent).toContain(t('commercePages:storeSettings.pushOpenTitle'));
    expect(screen.getByRole('textbox', { name: t('commercePages:storeSettings.pushEmail') })).toBeTruthy();
    type('store-push-audience', 'aud');
    fireEvent.click(screen.getByRole('button', { name: t('commercePages:storeSettings.save') }));
    expect(await screen.findByText('This field is required.')).toBeTruthy();
    expect(updates()).toEqual([]);

    type('store-push-email', EMAIL);
    type('store-push-audience', ' https://console.example/hooks/google/a1 ');
    type('store-sandbox-testers', 'tester-1\ntester-2');
    expect(screen.queryByText('This field is required.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: t('commercePages:storeSettings.save') }));
    await waitFor(() =>
      expect(updates()).toEqual([{ appleAppId: null, acceptSandbox: true, sandboxTesters: ['tester-1', 'tester-2'], googlePushEmail: EMAIL, googlePushAudience: 'https://console.example/hooks/google/a1', version: 1 }]),
    );
    await waitFor(() => expect(screen.getByTestId('store-push-status').textContent).toBe(t('commercePages:storeSettings.pushOn')));
    expect(screen.queryByTestId('store-push-open')).toBeNull();
  });

  it('says when the account shown is the app’s Play service account, not a saved setting', async () => {
    settings = { ...settings, googlePushEmail: EMAIL, googlePushDefault: true, googlePushOpen: false };
    show();
    expect((await screen.findByTestId('store-push-status')).textContent).toBe(t('commercePages:storeSettings.pushOn'));
    expect(screen.getByText(t('commercePages:storeSettings.pushDefault'))).toBeTruthy();
    expect(screen.queryByTestId('store-push-open')).toBeNull();
  });

  it('shows the server’s field errors under their fields', async () => {
    refuseWith = new AppError(ErrorCode.ParamInvalid, 'refused', { googlePushEmail: { key: 'validation.emailLength' } });
    show();
    await screen.findByTestId('store-push-email');
    type('store-push-email', EMAIL);
    type('store-push-audience', 'aud');
    fireEvent.click(screen.getByRole('button', { name: t('commercePages:storeSettings.save') }));
    expect(await screen.findByText('An email address can have at most 320 characters.')).toBeTruthy();
    expect(screen.getByTestId('store-push-status').textContent).toBe(t('commercePages:storeSettings.pushOff'));
  });

  it('reads in Chinese, and offers no save to a member who may only read', async () => {
    await i18n.changeLanguage('zh-CN');
    show(false);
    expect((await screen.findByTestId('store-push-status')).textContent).toBe('已关闭。填写下方的推送服务账号即可开启。');
    expect(screen.getByText('任何知道此应用通知地址的人都可以向其发送推送')).toBeTruthy();
    expect(screen.getByText('推送服务账号')).toBeTruthy();
    expect(screen.queryByRole('button', { name: '保存' })).toBeNull();
  });
});
