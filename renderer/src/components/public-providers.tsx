import { FluentProvider, type Theme } from '@fluentui/react-components';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsProvider, useInterfaceSettings } from '../settings/settings-context';
import { buildLightTheme } from '../theme/light-theme';
import type { buildTheme as buildAnyTheme } from '../theme/themes';

type BuildTheme = typeof buildAnyTheme;

/**
 * The Fluent theme the settings choose. The light one is built at once; the dark palette loads
 * first when asked for (the sign-in screen's script budget, issue 12), so a dark page shows a
 * moment later rather than in the wrong colours.
 */
function usePublicTheme(pageStyle: 'light' | 'dark', themeColor: string): Theme | null {
  const [buildTheme, setBuildTheme] = useState<BuildTheme | null>(null);
  useEffect(() => {
    if (pageStyle !== 'dark' || buildTheme) return undefined;
    let active = true;
    void import('../theme/themes').then((module) => {
      if (active) setBuildTheme(() => module.buildTheme);
    });
    return () => {
      active = false;
    };
  }, [pageStyle, buildTheme]);
  return useMemo(() => {
    if (pageStyle === 'light') return buildLightTheme(themeColor);
    return buildTheme ? buildTheme('dark', themeColor) : null;
  }, [pageStyle, themeColor, buildTheme]);
}

function ThemedRoot({ children }: { readonly children: ReactNode }) {
  const { settings } = useInterfaceSettings();
  const { i18n } = useTranslation();
  const theme = usePublicTheme(settings.pageStyle, settings.themeColor);
  useEffect(() => {
    if (theme) document.body.style.backgroundColor = theme.colorNeutralBackground2;
  }, [theme]);
  if (!theme) return null;
  return (
    <FluentProvider theme={theme} lang={i18n.language} style={{ minHeight: '100vh', backgroundColor: 'var(--colorNeutralBackground2)' }}>
      {children}
    </FluentProvider>
  );
}

/**
 * The interface settings and the Fluent theme they choose, for what shows before the console has
 * loaded (the sign-in screen, app/boot.tsx): the same look as the console's own providers
 * (app/app.tsx), without its data, router and notices.
 */
export function PublicProviders({ children }: { readonly children: ReactNode }) {
  return (
    <SettingsProvider>
      <ThemedRoot>{children}</ThemedRoot>
    </SettingsProvider>
  );
}
