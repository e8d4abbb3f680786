import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { startAnalytics } from './lib/analytics';
import { appConfig } from './lib/config';
import { initDebugMode } from './lib/debug';
import { notify } from './lib/notify/notify';
import { runVersionCheck } from './lib/session/appVersion';
import { separateStoredSessions } from './lib/session/storedSession';
import { browserStorage } from './lib/storage';
import { applyTheme } from './lib/theme/useTheme';
import '@fontsource-variable/inter/wght.css';
import './app/styles/tokens.css';
import './app/styles/base.css';
import './app/styles/layout.css';
import './app/styles/components.css';
import './app/styles/forms.css';

function start() {
  // Before anything reads storage: an update may clear it (spec §4 app-version check).
  const versionCheck = runVersionCheck(browserStorage(), __APP_VERSION__);
  if (versionCheck === 'reload') {
    window.location.reload();
    return;
  }
  if (versionCheck === 'reconnect') notify.success({ key: 'session.reconnect_after_update' });
  // Before anything reads a session: the EVM and native sessions live under keys of their own.
  separateStoredSessions(browserStorage());

  // Before the first render, so the page never flashes the other theme.
  applyTheme();
  initDebugMode(appConfig.developmentHosts);
  // Spec §2: the analytics script on start, only when the operator configured one (off by default).
  const privacy = navigator as Navigator & { globalPrivacyControl?: boolean };
  startAnalytics<HTMLScriptElement>(appConfig.analytics, document, {
    doNotTrack: privacy.doNotTrack,
    ...(privacy.globalPrivacyControl === undefined ? {} : { globalPrivacyControl: privacy.globalPrivacyControl }),
  });

  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');

  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
}

start();
