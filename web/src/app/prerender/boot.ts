/**
 * The inline script of every pre-rendered page (web/scripts/prerender.mjs writes
 * `(${bootPage})(settings)` into its head), run before the first paint:
 *
 * - the theme is on <html> (`data-theme`) before anything is drawn, so the page never
 *   flashes the other theme;
 * - `data-session` on <html> says which sessions this browser has stored (`evm`,
 *   `native`, `both`, `none`), so the pre-rendered header shows their navigation and
 *   account buttons from the first paint (app/styles/layout.css keys on it; each button's
 *   label is the custom property `--stored-evm-label` or `--stored-native-label`);
 * - `data-host="loopback"` on <html> when the page was opened on this machine, where
 *   home keeps the development wallet's room (features/home);
 * - the app's code, preloaded by the page, starts once the page has been painted;
 * - until the app has hydrated, a sent form or a pressed button is held back (a form
 *   would otherwise be submitted natively, reloading the page) and handed to the app,
 *   which replays it ({@link takeEarlyActions}).
 *
 * It runs as the source text of this one function, so it must use nothing from outside
 * it: its settings come in as an argument. lib/theme and lib/session are the same
 * rules as the app's; boot.test.ts checks that both agree.
 */

export interface BootSettings {
  readonly themeKey: string;
  /** Where the EVM session's account is stored (an older build also left a native name there). */
  readonly evmAccountKey: string;
  readonly nativeAccountKey: string;
  /**
   * The app's entry module. The page preloads it (fetched and compiled beside the HTML)
   * but starts it only after the first frame: on a fast connection the scripts are there
   * before the page is parsed, and run first, the paint waits for them.
   */
  readonly entry?: string;
  /**
   * On a page whose route's loader reads the stored EVM account's balances and its network's
   * status (/evm/wallet): where the session's network and the fiat currency are stored. The
   * page asks for both from its head (preloads), beside its scripts, and the loader's requests
   * take those answers instead of asking once the app's code has run (app/prefetch.ts).
   */
  readonly evmWallet?: {
    readonly networkKey: string;
    readonly fiatCurrencyKey: string;
    readonly defaultFiatCurrency: string;
  };
}

/** What a user did before the app could answer: a form sent (with the button used) or a button pressed. */
export type EarlyAction =
  | { readonly kind: 'submit'; readonly form: HTMLFormElement; readonly submitter: HTMLElement | null }
  | { readonly kind: 'click'; readonly button: HTMLElement };

interface BootState {
  readonly actions: EarlyAction[];
  /** Stops holding actions back: the app handles them from here on. */
  stop: () => void;
}

declare global {
  interface Window {
    __tandemBoot?: BootState | undefined;
  }
}

export function bootPage(settings: BootSettings): void {
  const root = document.documentElement;
  let stored: string | null = null;
  let evmStored: string | null = null;
  let nativeStored: string | null = null;
  let networkStored: string | null = null;
  let currencyStored: string | null = null;
  try {
    stored = window.localStorage.getItem(settings.themeKey);
    evmStored = window.localStorage.getItem(settings.evmAccountKey);
    nativeStored = window.localStorage.getItem(settings.nativeAccountKey);
    if (settings.evmWallet !== undefined) {
      networkStored = window.localStorage.getItem(settings.evmWallet.networkKey);
      currencyStored = window.localStorage.getItem(settings.evmWallet.fiatCurrencyKey);
    }
  } catch {
    // Storage refused: the system theme, no session.
  }
  const dark = stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.dataset.theme = dark ? 'dark' : 'light';
  const evmName = evmStored?.trim() ?? '';
  const isEvm = /^0x[0-9a-fA-F]{40}$/.test(evmName);
  // A name under the EVM keys is a native session an older build stored there; the app moves it.
  const nativeOwn = nativeStored?.trim() ?? '';
  const nativeName = nativeOwn !== '' ? nativeOwn : isEvm ? '' : evmName;
  const evm = isEvm ? evmName : '';
  root.dataset.session = evm === '' ? (nativeName === '' ? 'none' : 'native') : nativeName === '' ? 'evm' : 'both';
  // The account buttons' labels, which the pre-rendered header shows in their place (layout.css).
  root.style.setProperty('--stored-evm-label', JSON.stringify(evm === '' ? '' : `${evm.slice(0, 6)}…${evm.slice(-4)}`));
  root.style.setProperty('--stored-native-label', JSON.stringify(nativeName));

  // What the route's loader will read: the stored account's balances on the stored network, in the
  // stored currency (a code the app would refuse costs one unused answer, not a wrong one), and
  // that network's status, whose warning then comes with the balances' rows instead of above them later.
  const network = networkStored?.trim() ?? '';
  if (settings.evmWallet !== undefined && evm !== '' && network !== '') {
    const currency = currencyStored?.trim().toUpperCase() ?? '';
    const fiat = /^[A-Z]{3}$/.test(currency) ? currency : settings.evmWallet.defaultFiatCurrency;
    const networkPath = `/api/v1/evm/${encodeURIComponent(network)}`;
    for (const href of [`${networkPath}/accounts/${encodeURIComponent(evm)}/balances?fiat=${fiat}`, `${networkPath}/status`]) {
      const preload = document.createElement('link');
      preload.rel = 'preload';
      preload.as = 'fetch';
      preload.crossOrigin = 'anonymous';
      preload.href = href;
      document.head.appendChild(preload);
    }
  }

  // Where the page was opened: the devnet's wallet is offered only on this machine (home keeps its room).
  root.dataset.host = ['localhost', '127.0.0.1', '[::1]'].includes(window.location.hostname) ? 'loopback' : 'other';

  const actions: EarlyAction[] = [];
  const onSubmit = (event: Event) => {
    if (!(event.target instanceof HTMLFormElement)) return;
    event.preventDefault();
    const submitter = (event as SubmitEvent).submitter;
    actions.push({ kind: 'submit', form: event.target, submitter: submitter instanceof HTMLElement ? submitter : null });
  };
  const onClick = (event: Event) => {
    const button = event.target instanceof Element ? event.target.closest('button') : null;
    // A submit button's press arrives as the form's submit event.
    if (button === null || (button.type === 'submit' && button.form !== null)) return;
    actions.push({ kind: 'click', button });
  };
  if (settings.entry !== undefined) {
    const entry = settings.entry;
    let started = false;
    const startApp = () => {
      if (started) return;
      started = true;
      import(/* @vite-ignore */ entry).catch((error: unknown) => {
        console.error('Tandem could not start', error);
      });
    };
    // After the frame that paints the page; a tab opened in the background draws no frame, so a timer too.
    requestAnimationFrame(() => setTimeout(startApp, 0));
    setTimeout(startApp, 500);
  }

  document.addEventListener('submit', onSubmit, true);
  document.addEventListener('click', onClick, true);
  window.__tandemBoot = {
    actions,
    stop: () => {
      document.removeEventListener('submit', onSubmit, true);
      document.removeEventListener('click', onClick, true);
    },
  };
}

/** Stops the boot script holding actions back and returns what it held (none on a page without it). */
export function takeEarlyActions(): EarlyAction[] {
  const boot = window.__tandemBoot;
  if (boot === undefined) return [];
  boot.stop();
  window.__tandemBoot = undefined;
  return boot.actions.splice(0);
}
