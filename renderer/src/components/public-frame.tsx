import { Link, makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../data/app-info';
import { BrandMark } from './brand-mark';
import { PageOutlet } from './page-outlet';
import { usePrefetchRoute } from './prefetch';
import { helpLinkIds, useHelpLinks, type HelpLinkId } from './external-links';
import { LanguagePicker } from './language-picker';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    display: 'flex',
    flexDirection: 'column',
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundImage: `radial-gradient(1200px 600px at 10% -10%, ${tokens.colorBrandBackground2} 0%, transparent 60%), radial-gradient(900px 500px at 110% 110%, ${tokens.colorBrandBackground2} 0%, transparent 55%)`,
  },
  top: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    padding: `${tokens.spacingVerticalL} ${tokens.spacingHorizontalXXL}`,
  },
  brand: { display: 'flex', alignItems: 'center', gap: tokens.spacingHorizontalS },
  main: {
    flexGrow: 1,
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}`,
  },
  footer: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingHorizontalL,
    padding: tokens.spacingVerticalL,
    color: tokens.colorNeutralForeground3,
  },
});

const footerLabelKeys: Readonly<Record<HelpLinkId, string>> = { help: 'footer.help', privacy: 'footer.privacy', terms: 'footer.terms' };

/**
 * The frame of the public screens (sign-in, password reset, status, help and legal pages while
 * signed out): the product name, the language picker, and help and legal links. Nothing of the
 * console itself.
 */
export function PublicLayout({ children }: { readonly children: ReactNode }) {
  const prefetchRoute = usePrefetchRoute();
  const styles = useStyles();
  const { t } = useTranslation(['auth', 'common']);
  const appInfo = useAppInfo();
  const links = useHelpLinks();
  return (
    <div className={styles.root}>
      <header className={styles.top}>
        <div className={styles.brand}>
          <BrandMark size={32} />
          <Text size={400} weight="semibold">
            {t('common:appName')}
          </Text>
        </div>
        <LanguagePicker />
      </header>
      <main className={styles.main} id="content">
        {children}
      </main>
      <footer className={styles.footer}>
        {helpLinkIds.map((id) => (
          <Link
            key={id}
            appearance="subtle"
            href={links.href(id)}
            onMouseEnter={() => prefetchRoute(links.href(id))}
            onFocus={() => prefetchRoute(links.href(id))}
            onClick={(event) => {
              event.preventDefault();
              links.open(id);
            }}
          >
            {t(footerLabelKeys[id])}
          </Link>
        ))}
        {appInfo.data ? <Text size={200}>{`v${appInfo.data.version}`}</Text> : null}
      </footer>
    </div>
  );
}

/** The public frame as a route layout (status pages for a signed-out visitor). */
export default function PublicFrame() {
  return (
    <PublicLayout>
      <PageOutlet />
    </PublicLayout>
  );
}
