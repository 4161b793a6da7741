import { makeStyles, NavDrawer, NavDrawerBody, NavDrawerHeader, NavItem, NavSectionHeader, Text, tokens, mergeClasses } from '@fluentui/react-components';
import { useRef, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { activeMenuRoute, menuGroups, type ConsoleRoute } from '../components/route-table';
import { BrandMark } from '../components/brand-mark';
import { prefetchIntentDelayMs, usePrefetchRoute } from '../components/prefetch';
import { useAllowedRoutes } from './use-allowed-routes';

const useStyles = makeStyles({
  rail: {
    flexShrink: 0,
    display: 'flex',
    backgroundColor: tokens.colorNeutralBackground4,
    borderRight: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  closed: { borderRight: 'none' },
  fixed: { position: 'sticky', top: 0, height: '100vh', alignSelf: 'flex-start' },
  flowing: { minHeight: '100vh', alignSelf: 'stretch' },
  drawer: { width: '248px', height: 'auto', minHeight: '100%', alignSelf: 'stretch' },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalXS}`, height: '52px', boxSizing: 'border-box' },
});

/** Navigates in-app from a menu link, leaving modified clicks (new window) to the browser. */
export function useMenuNavigation() {
  const navigate = useNavigate();
  const timers = useRef(new Map<string, number>());
  const prefetchRoute = usePrefetchRoute();
  return {
    onClick: (route: ConsoleRoute) => (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      event.preventDefault();
      navigate(route.path);
    },
    intent: (route: ConsoleRoute) => ({
      onMouseEnter: () => timers.current.set(route.path, window.setTimeout(() => prefetchRoute(route.path), prefetchIntentDelayMs)),
      onMouseLeave: () => window.clearTimeout(timers.current.get(route.path)),
      onFocus: () => prefetchRoute(route.path),
    }),
  };
}

/**
 * The side menu: the route table's menu groups under their area headings, arrow-key navigable
 * (Fluent Nav), the current screen marked; hovering an entry prefetches its screen.
 */
export function SideNav({ open, fixed }: { readonly open: boolean; readonly fixed: boolean }) {
  const styles = useStyles();
  const { t } = useTranslation(['layout', 'common']);
  const location = useLocation();
  const menu = useMenuNavigation();
  const allowed = useAllowedRoutes();
  const active = activeMenuRoute(location.pathname, allowed);
  const groups = menuGroups(allowed);
  return (
    <div className={mergeClasses(styles.rail, fixed ? styles.fixed : styles.flowing, !open && styles.closed)}>
      <NavDrawer open={open} type="inline" selectedValue={active?.path ?? ''} className={styles.drawer} aria-label={t('nav.label')}>
        <NavDrawerHeader>
          <div className={styles.brand}>
            <BrandMark size={28} />
            <Text weight="semibold" size={400}>
              {t('common:appName')}
            </Text>
          </div>
        </NavDrawerHeader>
        <NavDrawerBody>
          {groups.map((group) => (
            <div key={group.area.id} role="group" aria-label={t(group.area.labelKey)}>
              <NavSectionHeader>{t(group.area.labelKey)}</NavSectionHeader>
              {group.items.map((route) => (
                <NavItem
                  key={route.path}
                  value={route.path}
                  href={route.path}
                  icon={<route.icon />}
                  onClick={menu.onClick(route)}
                  {...menu.intent(route)}
                >
                  {t(route.labelKey)}
                </NavItem>
              ))}
            </div>
          ))}
        </NavDrawerBody>
      </NavDrawer>
    </div>
  );
}
