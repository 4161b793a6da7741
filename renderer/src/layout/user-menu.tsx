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
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { User } from '@contract/api';
import { notify } from '../components/notices';
import { useSignOut } from '../data/session';
import { usePendingChanges } from '../data/offline/use-offline';
import { errorText } from '../i18n/error-text';

/** The question asked before signing out with changes waiting, loaded only then (its own chunk). */
const SignOutConfirm = lazy(() => import('./sign-out-confirm'));

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
  const { t } = useTranslation(['layout', 'errors', 'offline']);
  const navigate = useNavigate();
  const signOut = useSignOut();
  const pending = usePendingChanges();
  const [asking, setAsking] = useState(false);

  const signOutNow = () =>
    signOut.mutate(undefined, {
      onError: (error) => notify.message('error', errorText(t, error)),
    });

  // Signing out removes what this computer keeps for the operator (issue 14), changes not yet sent
  // included: those are asked about first.
  const onSignOut = () => {
    if (pending.length > 0) setAsking(true);
    else signOutNow();
  };

  return (
    <>
      <Menu positioning="below-end">
        <MenuTrigger disableButtonEnhancement>
          <Button appearance="subtle" className={styles.trigger} aria-label={`${t('user.menu')}: ${user.name}`}>
            {/* A person, not initials: the button's name must hold the text it shows (WCAG 2.5.3), and the name is written beside it. */}
            <Avatar size={28} color="brand" aria-hidden />
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
      {asking ? (
        <Suspense fallback={null}>
          <SignOutConfirm
            count={pending.length}
            onAnswer={(ok) => {
              setAsking(false);
              if (ok) signOutNow();
            }}
          />
        </Suspense>
      ) : null}
    </>
  );
}
