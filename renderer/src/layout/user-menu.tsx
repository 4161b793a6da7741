import {
  Avatar,
  Button,
  makeStyles,
  Menu,
  MenuDivider,
  MenuGroup,
  MenuItem,
  MenuList,
  MenuPopover,
  MenuTrigger,
  Text,
  tokens,
} from '@fluentui/react-components';
import { PersonRegular, ShieldLockRegular, SignOutRegular } from '@fluentui/react-icons';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { User } from '@contract/api';
import { notify } from '../components/notices';
import { useSignOut } from '../data/session';
import { errorText } from '../i18n/error-text';

const useStyles = makeStyles({
  trigger: { minWidth: 0, gap: tokens.spacingHorizontalS, paddingLeft: tokens.spacingHorizontalXS, paddingRight: tokens.spacingHorizontalS },
  name: {
    maxWidth: '160px',
    overflow: 'hidden',
    textOverflow: 'ellipsis',
    whiteSpace: 'nowrap',
    '@media (max-width: 720px)': { display: 'none' },
  },
  identity: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalM,
    padding: `${tokens.spacingVerticalM} ${tokens.spacingHorizontalM}`,
    maxWidth: '300px',
  },
  identityText: { display: 'flex', flexDirection: 'column', minWidth: 0 },
  email: { color: tokens.colorNeutralForeground3, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' },
});

/** The operator's menu: who is signed in, Account, Security, Log out (back to /login). */
export function UserMenu({ user }: { readonly user: User }) {
  const styles = useStyles();
  const { t } = useTranslation(['layout', 'errors']);
  const navigate = useNavigate();
  const signOut = useSignOut();

  const onSignOut = () =>
    signOut.mutate(undefined, {
      onError: (error) => notify.message('error', errorText(t, error)),
    });

  return (
    <Menu positioning="below-end">
      <MenuTrigger disableButtonEnhancement>
        <Button appearance="subtle" className={styles.trigger} aria-label={`${t('user.menu')}: ${user.name}`}>
          <Avatar name={user.name} size={28} color="brand" />
          <span className={styles.name}>{user.name}</span>
        </Button>
      </MenuTrigger>
      <MenuPopover>
        <div className={styles.identity}>
          <Avatar name={user.name} size={40} color="brand" />
          <div className={styles.identityText}>
            <Text weight="semibold">{user.name}</Text>
            <Text size={200} className={styles.email}>
              {user.email}
            </Text>
          </div>
        </div>
        <MenuDivider />
        <MenuList>
          <MenuGroup>
            <MenuItem icon={<PersonRegular />} onClick={() => navigate('/account')}>
              {t('user.account')}
            </MenuItem>
            <MenuItem icon={<ShieldLockRegular />} onClick={() => navigate('/account?tab=security')}>
              {t('user.security')}
            </MenuItem>
          </MenuGroup>
          <MenuDivider />
          <MenuItem icon={<SignOutRegular />} onClick={onSignOut} disabled={signOut.isPending}>
            {t('user.signOut')}
          </MenuItem>
        </MenuList>
      </MenuPopover>
    </Menu>
  );
}
