import { makeStyles, mergeClasses, Text, tokens } from '@fluentui/react-components';
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import { getBridge } from '../bridge/get-bridge';
import { PageOutlet } from '../components/page-outlet';
import { findPublicPage, findRoute, useRouteTable } from '../components/route-table';
import { useAppInfo } from '../data/app-info';
import { useSession } from '../data/session';
import { useInterfaceSettings } from '../settings/settings-context';
import { ConsoleBanners } from './console-banners';
import { ConsoleHeader, headerHeight } from './console-header';
import { ConsoleUiContext } from '../components/console-ui';
import { useHideOnScroll } from './hide-on-scroll';
import { SideNav } from './side-nav';

const navOpenKey = 'palette.nav-open';

const useStyles = makeStyles({
  shell: { display: 'flex', minHeight: '100vh', backgroundColor: tokens.colorNeutralBackground2 },
  column: { flexGrow: 1, minWidth: 0, display: 'flex', flexDirection: 'column' },
  top: { zIndex: 10, backgroundColor: tokens.colorNeutralBackground2, transition: 'transform 0.2s ease' },
  sticky: { position: 'sticky', top: 0 },
  hidden: { transform: `translateY(-${headerHeight}px)` },
  content: {
    flexGrow: 1,
    width: '100%',
    boxSizing: 'border-box',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalXXL}`,
    ':focus': { outline: 'none' },
  },
  fixedWidth: { maxWidth: '1200px', marginLeft: 'auto', marginRight: 'auto' },
  footer: {
    display: 'flex',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXXL} ${tokens.spacingVerticalL}`,
    color: tokens.colorNeutralForeground3,
  },
  skip: {
    position: 'absolute',
    left: tokens.spacingHorizontalM,
    top: '-48px',
    zIndex: 100,
    padding: `${tokens.spacingVerticalS} ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorBrandForeground1,
    borderRadius: tokens.borderRadiusMedium,
    boxShadow: tokens.shadow8,
    ':focus': { top: tokens.spacingVerticalS },
  },
});

function readNavOpen(): boolean {
  try {
    return window.localStorage.getItem(navOpenKey) !== 'false';
  } catch {
    return true;
  }
}

/** The interface settings drawer: its code loads when it first opens (issue 12's first-screen budget). */
const SettingsDrawer = lazy(() => import('./settings-drawer').then((module) => ({ default: module.SettingsDrawer })));

/**
 * The authenticated frame: side or top menu, header, console-wide banners, the page, and the
 * interface settings drawer. Every layout option of spec §1 applies here.
 */
export default function ConsoleLayout() {
  const styles = useStyles();
  const { t } = useTranslation(['layout', 'common']);
  const { settings } = useInterfaceSettings();
  const session = useSession();
  const appInfo = useAppInfo();
  const location = useLocation();
  const [navOpen, setNavOpen] = useState(readNavOpen);
  const [settingsOpen, setSettingsOpen] = useState(false);
  const [settingsOpened, setSettingsOpened] = useState(false);
  if (settingsOpen && !settingsOpened) setSettingsOpened(true);
  const hidden = useHideOnScroll(settings.fixedHeader && settings.hideHeaderOnScroll, headerHeight);
  const table = useRouteTable();
  const current = findRoute(location.pathname, table.routes);
  const ui = useMemo(() => ({ openSettings: () => setSettingsOpen(true) }), []);
  // The application menu's Settings… (desktop app) opens the interface settings.
  useEffect(
    () =>
      getBridge().on('shell.command', (command) => {
        if (command.command === 'settings') setSettingsOpen(true);
      }),
    [],
  );

  useEffect(() => {
    const titleKey = current?.labelKey ?? findPublicPage(location.pathname, table.publicPages)?.labelKey;
    const page = titleKey ? t(titleKey) : null;
    document.title = page ? `${page} · ${t('common:appName')}` : t('common:appName');
  }, [current, location.pathname, t, table.publicPages]);

  const toggleNav = () =>
    setNavOpen((open) => {
      try {
        window.localStorage.setItem(navOpenKey, String(!open));
      } catch {
        // Not kept: the menu opens next time.
      }
      return !open;
    });

  const user = session.data?.user;
  if (!user) return null;
  const side = settings.menuLayout === 'side';

  return (
    <ConsoleUiContext.Provider value={ui}>
      <a href="#content" className={styles.skip}>
        {t('header.skipToContent')}
      </a>
      <div className={styles.shell}>
        {side ? <SideNav open={navOpen} fixed={settings.fixedSidebar} /> : null}
        <div className={styles.column}>
          {/* The banner landmark holds the header bar and the console-wide notices under it: nothing of the page outside a landmark. */}
          <header className={mergeClasses(styles.top, settings.fixedHeader && styles.sticky, hidden && styles.hidden)}>
            <ConsoleHeader
              user={user}
              layout={settings.menuLayout}
              current={current}
              navOpen={navOpen}
              onToggleNav={toggleNav}
              onOpenSettings={() => setSettingsOpen(true)}
            />
            <ConsoleBanners />
          </header>
          <main id="content" tabIndex={-1} className={mergeClasses(styles.content, settings.contentWidth === 'fixed' && styles.fixedWidth)}>
            <PageOutlet />
          </main>
          <footer className={styles.footer}>
            <Text size={200}>{appInfo.data ? `${t('common:appName')} ${appInfo.data.version}` : t('common:appName')}</Text>
          </footer>
        </div>
      </div>
      {settingsOpened ? (
        <Suspense fallback={null}>
          <SettingsDrawer open={settingsOpen} onClose={() => setSettingsOpen(false)} />
        </Suspense>
      ) : null}
    </ConsoleUiContext.Provider>
  );
}
