import { FluentProvider, tokens } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { errorKey } from '@contract/errors';
import type { RouteId } from '@contract/api';
import { callApi } from '../bridge/call-api';
import { createQueryClient } from '../data/query-client';
import { indexedDbStorage, memoryStorage } from '../data/offline/kept-storage';
import { OfflineData } from '../data/offline/offline-data';
import { OfflineDataContext } from '../data/offline/use-offline';
import { compiledRendererBuild } from '../layout/build-stamp';
import { useConnectivityWiring } from '../connectivity/use-connectivity';
import { SettingsProvider, useInterfaceSettings } from '../settings/settings-context';
import { buildTheme } from '../theme/themes';
import { NoticeCenter } from './notice-center';
import { notify } from '../components/notices';
import { RouteTableContext } from '../components/route-table';
import { createConsoleRouter } from './router';
import { routeTable } from './routes';
import { useShellCommands } from './use-shell-commands';
import { useOfflineWiring } from './use-offline-wiring';

/**
 * What the console keeps to work offline (issue 14), in IndexedDB of its own origin; windows of the
 * same console share it (a broadcast channel and a Web Lock keep them in step).
 */
function createOfflineData(queryClient: ReturnType<typeof createQueryClient>): OfflineData {
  const hasIndexedDb = typeof indexedDB !== 'undefined';
  return new OfflineData({
    storage: hasIndexedDb ? indexedDbStorage() : memoryStorage(),
    queryClient,
    buster: compiledRendererBuild(),
    send: (routeId, input) => callApi(routeId as RouteId, input as never),
    channel: typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel('palette-offline'),
    locks: typeof navigator !== 'undefined' && navigator.locks ? navigator.locks : null,
  });
}

/** The themed part: Fluent theme from the interface settings, notices, router. */
function ThemedConsole({ router, offline }: { readonly router: ReturnType<typeof createConsoleRouter>; readonly offline: OfflineData }) {
  const { settings } = useInterfaceSettings();
  const { i18n } = useTranslation();
  const theme = useMemo(() => buildTheme(settings.pageStyle, settings.themeColor), [settings.pageStyle, settings.themeColor]);
  useConnectivityWiring();
  useOfflineWiring(offline);
  useShellCommands(router);

  useEffect(() => {
    document.body.style.backgroundColor = theme.colorNeutralBackground2;
  }, [theme]);

  return (
    <FluentProvider theme={theme} lang={i18n.language} style={{ minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 }}>
      <NoticeCenter />
      <RouteTableContext.Provider value={routeTable}>
        <RouterProvider router={router} />
      </RouteTableContext.Provider>
    </FluentProvider>
  );
}

/**
 * The console: i18n, data (TanStack Query), interface settings and theme, router. A call that
 * finds the session ended tells the operator why before the guard sends them to sign in.
 */
export function App({ i18n }: { readonly i18n: I18n }) {
  const [queryClient] = useState(() =>
    createQueryClient((code) => notify.notification('warning', i18n.t('auth:session.ended'), i18n.t(`errors:${errorKey(code)}`), 'session-ended')),
  );
  const [router] = useState(createConsoleRouter);
  const [offline] = useState(() => createOfflineData(queryClient));
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <OfflineDataContext.Provider value={offline}>
          <SettingsProvider>
            <ThemedConsole router={router} offline={offline} />
          </SettingsProvider>
        </OfflineDataContext.Provider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
