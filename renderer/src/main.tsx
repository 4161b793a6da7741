import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { Boot } from './app/boot';
import { startErrorReporting } from './app/error-reporting';
import { adoptPageKey, browserPageKeyWindow } from './bridge/page-key';
import { initI18n } from './i18n/i18n';
import './styles.css';

// Browser edition: the launch redirect's page key leaves the address before the router reads it.
adoptPageKey(browserPageKeyWindow());

/**
 * Entry point: mounts the console into `#root` (spec §2). The boot (app/boot.tsx) shows the sign-in
 * page on its own to a signed-out operator and loads the console for everything else, so the first
 * download stays small (issue 12).
 */
initI18n();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <Boot />
  </StrictMode>,
);
// Desktop only, and only when main reports errors; a failure here must not disturb the console.
startErrorReporting().catch(() => undefined);
