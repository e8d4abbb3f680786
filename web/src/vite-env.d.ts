/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Comma-separated hostnames where developer demos are reachable (default: local hosts). */
  readonly VITE_TANDEM_DEV_HOSTS?: string;
  readonly VITE_TANDEM_TERMS_URL?: string;
  readonly VITE_TANDEM_PRIVACY_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}

/** package.json version of the web app, set at build time. */
declare const __APP_VERSION__: string;
