import {
  Button,
  makeStyles,
  Menu,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  mergeClasses,
  tokens,
  useArrowNavigationGroup,
} from '@fluentui/react-components';
import { ChevronDown16Regular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router-dom';
import { activeMenuRoute, menuGroups } from '../components/route-table';
import { useMenuNavigation } from './side-nav';
import { useAllowedRoutes } from './use-allowed-routes';

const useStyles = makeStyles({
  nav: { display: 'flex', alignItems: 'stretch', gap: tokens.spacingHorizontalXXS, height: '100%', minWidth: 0, overflowX: 'auto' },
  item: {
    position: 'relative',
    height: '100%',
    borderRadius: 0,
    fontWeight: tokens.fontWeightRegular,
    color: tokens.colorNeutralForeground2,
  },
  active: {
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    '::after': {
      content: '""',
      position: 'absolute',
      left: tokens.spacingHorizontalM,
      right: tokens.spacingHorizontalM,
      bottom: 0,
      height: '3px',
      borderRadius: tokens.borderRadiusCircular,
      backgroundColor: tokens.colorCompoundBrandStroke,
    },
  },
});

/**
 * The top menu (menu layout "top"): one entry per screen when there is a single area; once
 * several areas hold screens, one dropdown per area. Left/right arrows move between entries.
 */
export function TopNav() {
  const styles = useStyles();
  const { t } = useTranslation('layout');
  const location = useLocation();
  const navigate = useNavigate();
  const menu = useMenuNavigation();
  const arrows = useArrowNavigationGroup({ axis: 'horizontal', circular: true });
  const allowed = useAllowedRoutes();
  const active = activeMenuRoute(location.pathname, allowed);
  const groups = menuGroups(allowed);
  const flat = groups.length === 1;

  return (
    <nav className={styles.nav} aria-label={t('nav.label')} {...arrows}>
      {flat
        ? groups[0]?.items.map((route) => (
            <Button
              key={route.path}
              as="a"
              href={route.path}
              appearance="subtle"
              icon={<route.icon />}
              className={mergeClasses(styles.item, active?.path === route.path && styles.active)}
              aria-current={active?.path === route.path ? 'page' : undefined}
              onClick={menu.onClick(route)}
              {...menu.intent(route)}
            >
              {t(route.labelKey)}
            </Button>
          ))
        : groups.map((group) => {
            const holdsActive = group.items.some((route) => route.path === active?.path);
            return (
              <Menu key={group.area.id}>
                <MenuTrigger disableButtonEnhancement>
                  <Button
                    appearance="subtle"
                    icon={<ChevronDown16Regular />}
                    iconPosition="after"
                    className={mergeClasses(styles.item, holdsActive && styles.active)}
                  >
                    {t(group.area.labelKey)}
                  </Button>
                </MenuTrigger>
                <MenuPopover>
                  <MenuList>
                    {group.items.map((route) => (
                      <MenuItem key={route.path} icon={<route.icon />} onClick={() => navigate(route.path)} {...menu.intent(route)}>
                        {t(route.labelKey)}
                      </MenuItem>
                    ))}
                  </MenuList>
                </MenuPopover>
              </Menu>
            );
          })}
    </nav>
  );
}
