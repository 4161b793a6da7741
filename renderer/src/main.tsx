import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { startErrorReporting } from './app/error-reporting';
import { initI18n } from './i18n/i18n';
import './styles.css';

/** Entry point: mounts the console into `#root` (spec §2). */
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');
createRoot(container).render(
  <StrictMode>
    <App i18n={initI18n()} />
  </StrictMode>,
);
// Desktop only, and only when main reports errors; a failure here must not disturb the console.
startErrorReporting().catch(() => undefined);
