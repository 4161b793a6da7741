import { Button, makeStyles, Skeleton, SkeletonItem, Text, tokens } from '@fluentui/react-components';
import { ChevronRight20Regular, Color24Regular, History24Regular, Person24Regular, ShieldLock24Regular } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import { EmptyState } from '../../components/empty-state';
import { PrefetchLink } from '../../components/prefetch-link';
import { usePrefetchRoute } from '../../components/prefetch';
import { SectionCard } from '../../components/section-card';
import { SignInList } from '../../components/sign-in-list';
import { useApiQuery } from '../../data/api-hooks';
import { useSession } from '../../data/session';
import { errorText } from '../../i18n/error-text';
import { useConsoleUi } from '../../components/console-ui';
import { formatDate, partOfDay } from '../../lib/format';

const useStyles = makeStyles({
  hero: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalXS,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    marginBottom: tokens.spacingVerticalXL,
    borderRadius: tokens.borderRadiusXLarge,
    color: tokens.colorNeutralForegroundOnBrand,
    backgroundImage: `linear-gradient(120deg, ${tokens.colorBrandBackground} 0%, ${tokens.colorBrandBackgroundPressed} 100%)`,
    boxShadow: tokens.shadow4,
  },
  heroSubtitle: { opacity: 0.9 },
  grid: {
    display: 'grid',
    gridTemplateColumns: 'minmax(0, 2fr) minmax(0, 1fr)',
    gap: tokens.spacingHorizontalXL,
    alignItems: 'start',
    '@media (max-width: 960px)': { gridTemplateColumns: 'minmax(0, 1fr)' },
  },
  column: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXL },
  shortcuts: { display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(220px, 1fr))', gap: tokens.spacingHorizontalM },
  shortcut: {
    justifyContent: 'flex-start',
    textAlign: 'start',
    height: 'auto',
    padding: tokens.spacingHorizontalM,
    gap: tokens.spacingHorizontalM,
    alignItems: 'flex-start',
  },
  shortcutIcon: {
    display: 'flex',
    padding: tokens.spacingHorizontalS,
    borderRadius: tokens.borderRadiusLarge,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
  },
  shortcutText: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, fontWeight: tokens.fontWeightRegular },
  muted: { color: tokens.colorNeutralForeground3 },
  facts: { display: 'grid', gridTemplateColumns: 'auto 1fr', columnGap: tokens.spacingHorizontalL, rowGap: tokens.spacingVerticalS, margin: 0 },
  term: { color: tokens.colorNeutralForeground3 },
  value: { margin: 0, overflowWrap: 'anywhere' },
  skeleton: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM },
  error: { color: tokens.colorPaletteRedForeground1 },
});

function Shortcut({ icon, title, hint, onClick, onIntent }: { readonly icon: ReactNode; readonly title: string; readonly hint: string; readonly onClick: () => void; readonly onIntent?: () => void }) {
  const styles = useStyles();
  return (
    <Button className={styles.shortcut} appearance="outline" onClick={onClick} onMouseEnter={onIntent} onFocus={onIntent}>
      <span className={styles.shortcutIcon} aria-hidden="true">
        {icon}
      </span>
      <span className={styles.shortcutText}>
        <Text weight="semibold">{title}</Text>
        <Text size={200} className={styles.muted}>
          {hint}
        </Text>
      </span>
    </Button>
  );
}

/**
 * `/welcome`: the landing page after sign-in. Greets the operator by name and shows only real
 * data: their recent sign-ins and their account; shortcuts to what exists (account, security,
 * interface settings).
 */
export default function WelcomePage() {
  const styles = useStyles();
  const { t, i18n } = useTranslation(['pages', 'account', 'errors', 'common']);
  const navigate = useNavigate();
  const { openSettings } = useConsoleUi();
  const prefetchRoute = usePrefetchRoute();
  const session = useSession();
  const me = useApiQuery('auth.me', {});
  const signIns = useApiQuery('auth.signIns', { query: { page: 1, pageSize: 5 } });
  const user = me.data ?? session.data?.user;
  if (!user) return null;

  const greeting = t(`pages:welcome.${partOfDay(new Date().getHours())}`, { name: user.name });
  const locale = i18n.language;

  return (
    <>
      <section className={styles.hero} aria-labelledby="welcome-title">
        <Text as="h1" id="welcome-title" size={800} weight="semibold">
          {greeting}
        </Text>
        <Text size={400} className={styles.heroSubtitle}>
          {t('pages:welcome.subtitle')}
        </Text>
      </section>
      <div className={styles.grid}>
        <div className={styles.column}>
          <SectionCard title={t('pages:welcome.shortcuts.title')}>
            <div className={styles.shortcuts}>
              <Shortcut
                icon={<Person24Regular />}
                title={t('pages:welcome.shortcuts.profile')}
                hint={t('pages:welcome.shortcuts.profileHint')}
                onClick={() => navigate('/account')}
                onIntent={() => prefetchRoute('/account')}
              />
              <Shortcut
                icon={<ShieldLock24Regular />}
                title={t('pages:welcome.shortcuts.security')}
                hint={t('pages:welcome.shortcuts.securityHint')}
                onClick={() => navigate('/account?tab=security')}
                onIntent={() => prefetchRoute('/account')}
              />
              <Shortcut icon={<Color24Regular />} title={t('pages:welcome.shortcuts.settings')} hint={t('pages:welcome.shortcuts.settingsHint')} onClick={openSettings} />
            </div>
          </SectionCard>
          <SectionCard
            title={t('pages:welcome.signIns.title')}
            action={
              <PrefetchLink to="/account?tab=security" prefetch="intent">
                {t('common:actions.viewAll')} <ChevronRight20Regular aria-hidden style={{ verticalAlign: 'middle' }} />
              </PrefetchLink>
            }
          >
            {signIns.isPending ? (
              <Skeleton className={styles.skeleton} aria-label={t('common:status.loading')}>
                <SkeletonItem size={20} />
                <SkeletonItem size={20} />
                <SkeletonItem size={20} />
              </Skeleton>
            ) : signIns.isError ? (
              <Text className={styles.error}>{errorText(t, signIns.error)}</Text>
            ) : signIns.data.items.length === 0 ? (
              <EmptyState icon={<History24Regular />} title={t('pages:welcome.signIns.empty')} />
            ) : (
              <SignInList records={signIns.data.items} locale={locale} />
            )}
          </SectionCard>
        </div>
        <SectionCard title={t('pages:welcome.profile.title')}>
          <dl className={styles.facts}>
            <dt className={styles.term}>{t('pages:welcome.profile.email')}</dt>
            <dd className={styles.value}>{user.email}</dd>
            <dt className={styles.term}>{t('pages:welcome.profile.role')}</dt>
            <dd className={styles.value}>{t(`account:roles.${user.role}`)}</dd>
            <dt className={styles.term}>{t('pages:welcome.profile.memberSince')}</dt>
            <dd className={styles.value}>{formatDate(user.createdAt, locale)}</dd>
            {session.data ? (
              <>
                <dt className={styles.term}>{t('pages:welcome.profile.session')}</dt>
                <dd className={styles.value}>{t(session.data.persistence === 'keychain' ? 'pages:welcome.profile.keychain' : 'pages:welcome.profile.memory')}</dd>
              </>
            ) : null}
          </dl>
        </SectionCard>
      </div>
    </>
  );
}
