import { FluentProvider, tokens } from '@fluentui/react-components';
import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import type { i18n as I18n } from 'i18next';
import { errorKey } from '@contract/errors';
import { createQueryClient } from '../data/query-client';
import { useConnectivityWiring } from '../connectivity/use-connectivity';
import { SettingsProvider, useInterfaceSettings } from '../settings/settings-context';
import { buildTheme } from '../theme/themes';
import { NoticeCenter } from './notice-center';
import { notify } from '../components/notices';
import { RouteTableContext } from '../components/route-table';
import { createConsoleRouter } from './router';
import { routeTable } from './routes';

/** The themed part: Fluent theme from the interface settings, notices, router. */
function ThemedConsole({ router }: { readonly router: ReturnType<typeof createConsoleRouter> }) {
  const { settings } = useInterfaceSettings();
  const { i18n } = useTranslation();
  const theme = useMemo(() => buildTheme(settings.pageStyle, settings.themeColor), [settings.pageStyle, settings.themeColor]);
  useConnectivityWiring();

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
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <SettingsProvider>
          <ThemedConsole router={router} />
        </SettingsProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
