/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated hostnames where developer demos are reachable (default: local hosts). */
  readonly VITE_TANDEM_DEV_HOSTS?: string;
  readonly VITE_TANDEM_TERMS_URL?: string;
  readonly VITE_TANDEM_PRIVACY_URL?: string;
  /** Same-origin path of a self-hosted web-analytics script; unset means no analytics. */
  readonly VITE_TANDEM_ANALYTICS_SCRIPT?: string;
  /** Comma-separated name=value pairs set as data-* attributes on that script. */
  readonly VITE_TANDEM_ANALYTICS_DATA?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** package.json version of the web app, set at build time. */
declare const __APP_VERSION__: string;
