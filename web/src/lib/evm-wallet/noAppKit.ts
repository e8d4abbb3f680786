/**
 * Stands in for `@reown/appkit/core` in the build (vite.config.ts aliases it here).
 * The connection protocol's SDK imports that package only to draw its own QR modal,
 * which this app turns off (`showQrModal: false`, walletConnect.ts): the app's
 * dialog shows the pairing code. Without this, about a megabyte of modal code
 * would sit in dist/ that no page ever loads.
 */
export function createAppKit(): never {
  throw new Error('The connection protocol’s own QR modal is not part of this app; keep showQrModal false.');
}
