import { Link } from '@fluentui/react-components';
import { useContext, useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { AppInfo } from '@contract/ipc';
import { callBridge } from '../bridge/call-api';
import { BrandMark } from './brand-mark';
import { helpLinkIds, helpLinkTarget, openExternal, type HelpLinkId } from './help-links';
import { LanguagePicker } from './language-picker';
import { PublicNavigationContext } from './public-navigation';
import classes from './public.module.css';

/** `app.info` read once (the footer's version and the installation's help links), without the query library. */
function useAppInfoOnce(): AppInfo | undefined {
  const [info, setInfo] = useState<AppInfo>();
  useEffect(() => {
    let active = true;
    callBridge((bridge) => bridge.app.info()).then(
      (value) => {
        if (active) setInfo(value);
      },
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);
  return info;
}

const footerLabelKeys: Readonly<Record<HelpLinkId, string>> = { help: 'footer.help', privacy: 'footer.privacy', terms: 'footer.terms' };

/**
 * The frame of the public screens (sign-in, password reset, status, help and legal pages while
 * signed out): the product name, the language picker, and help and legal links. Nothing of the
 * console itself, and neither the router nor the query library: the sign-in screen is the first
 * download (issue 12's budget; for the same reason it is styled with CSS, public.module.css).
 */
export function PublicLayout({ children }: { readonly children: ReactNode }) {
  const { navigate, prefetch } = useContext(PublicNavigationContext);
  const { t } = useTranslation(['auth', 'common']);
  const appInfo = useAppInfoOnce();
  const href = (id: HelpLinkId): string => {
    const target = helpLinkTarget(id, appInfo?.links);
    return target.kind === 'external' ? target.url : target.path;
  };
  const open = (id: HelpLinkId): void => {
    const target = helpLinkTarget(id, appInfo?.links);
    if (target.kind === 'external') void openExternal(target.url);
    else navigate(target.path);
  };
  return (
    <div className={classes.frame}>
      <header className={classes.top}>
        <div className={classes.brand}>
          <BrandMark size={32} />
          <span className={classes.productName}>{t('common:appName')}</span>
        </div>
        <LanguagePicker />
      </header>
      <main className={classes.main} id="content">
        {children}
      </main>
      <footer className={classes.footer}>
        {helpLinkIds.map((id) => (
          <Link
            key={id}
            appearance="subtle"
            href={href(id)}
            onMouseEnter={() => prefetch(href(id))}
            onFocus={() => prefetch(href(id))}
            onClick={(event) => {
              event.preventDefault();
              open(id);
            }}
          >
            {t(footerLabelKeys[id])}
          </Link>
        ))}
        {appInfo ? <span className={classes.caption}>{`v${appInfo.version}`}</span> : null}
      </footer>
    </div>
  );
}
