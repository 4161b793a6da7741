import {
  Breadcrumb,
  BreadcrumbButton,
  BreadcrumbDivider,
  BreadcrumbItem,
  Button,
  makeStyles,
  Text,
  Tooltip,
  tokens,
} from '@fluentui/react-components';
import { Navigation20Regular, Settings20Regular } from '@fluentui/react-icons';
import { Fragment, lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router-dom';
import type { User } from '@contract/api';
import { areas, type ConsoleRoute } from '../components/route-table';
import { BrandMark } from '../components/brand-mark';
import { LanguagePicker } from '../components/language-picker';
import { useMyMenus } from '../data/my-menus';
import { breadcrumbTrail, projectIdOf } from './breadcrumb-trail';
import { HelpMenu } from './help-menu';
import { InboxPopover } from './inbox-popover';
import { UserMenu } from './user-menu';

/** The top menu (menu layout "top" only): its code loads when that layout is chosen (issue 12's first-screen budget). */
const TopNav = lazy(() => import('./top-nav').then((module) => ({ default: module.TopNav })));

/** Height of the header bar; hiding on scroll moves it up by this much. */
export const headerHeight = 52;

const useStyles = makeStyles({
  bar: {
    height: `${headerHeight}px`,
    boxSizing: 'border-box',
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `0 ${tokens.spacingHorizontalM}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderBottom: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  start: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, minWidth: 0, flexGrow: 1, height: '100%' },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS, marginRight: tokens.spacingHorizontalL, flexShrink: 0 },
  actions: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalXXS, flexShrink: 0 },
  separator: { width: '1px', height: '24px', backgroundColor: tokens.colorNeutralStroke2, margin: `0 ${tokens.spacingHorizontalXS}` },
});

interface ConsoleHeaderProps {
  readonly user: User;
  readonly layout: 'side' | 'top';
  readonly current: ConsoleRoute | undefined;
  readonly onToggleNav: () => void;
  readonly navOpen: boolean;
  readonly onOpenSettings: () => void;
}

/**
 * The header (spec §1): navigation toggle and breadcrumb (side menu) or brand and menu (top menu);
 * inbox, language, help and legal, interface settings, and the operator's menu.
 */
export function ConsoleHeader({ user, layout, current, onToggleNav, navOpen, onOpenSettings }: ConsoleHeaderProps) {
  const styles = useStyles();
  const { t } = useTranslation(['layout', 'common']);
  const area = current ? areas.find((a) => a.id === current.area) : undefined;
  const location = useLocation();
  const menus = useMyMenus();
  const projectId = current ? projectIdOf(current, location.pathname, location.search) : null;
  const projectName = projectId ? (menus.data?.projects.find((p) => p.projectId === projectId)?.name ?? null) : null;
  const trail = current && area ? breadcrumbTrail(t(area.labelKey), t(current.labelKey), projectName) : [];

  return (
    <div className={styles.bar}>
      <div className={styles.start}>
        {layout === 'side' ? (
          <>
            <Tooltip content={t('nav.toggle')} relationship="label">
              <Button appearance="subtle" icon={<Navigation20Regular />} aria-expanded={navOpen} onClick={onToggleNav} />
            </Tooltip>
            {current && area ? (
              <Breadcrumb aria-label={t('nav.breadcrumb')} size="medium">
                {trail.map((label, index) => (
                  <Fragment key={`${index}:${label}`}>
                    {index > 0 ? <BreadcrumbDivider /> : null}
                    <BreadcrumbItem>
                      <BreadcrumbButton current={index === trail.length - 1}>{label}</BreadcrumbButton>
                    </BreadcrumbItem>
                  </Fragment>
                ))}
              </Breadcrumb>
            ) : null}
          </>
        ) : (
          <>
            <div className={styles.brand}>
              <BrandMark size={28} />
              <Text weight="semibold" size={400}>
                {t('common:appName')}
              </Text>
            </div>
            <Suspense fallback={null}>
              <TopNav />
            </Suspense>
          </>
        )}
      </div>
      <div className={styles.actions}>
        <InboxPopover />
        <LanguagePicker compact />
        <HelpMenu />
        <Tooltip content={t('header.settings')} relationship="label">
          <Button appearance="subtle" icon={<Settings20Regular />} onClick={onOpenSettings} />
        </Tooltip>
        <span className={styles.separator} aria-hidden="true" />
        <UserMenu user={user} />
      </div>
    </div>
  );
}
