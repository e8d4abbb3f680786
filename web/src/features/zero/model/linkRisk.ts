/**
 * How the dapp search words a risky link (issue 37). The server labels each app's link with
 * a risk code and the domain it matched or imitates; the page then warns instead of linking.
 */

/** The server's label on a risky link. */
export interface LinkRiskLabel {
  readonly code: string;
  readonly domain: string;
}

const KNOWN = ['phishing_listed', 'phishing_lookalike', 'phishing_punycode'] as const;
type KnownCode = (typeof KNOWN)[number];

/** The text key saying why, for a code this app knows; any other code gets the general warning. */
export function linkRiskKey(risk: LinkRiskLabel): `zero.dapps.risk.${KnownCode | 'other'}` {
  const known = KNOWN.find((code) => code === risk.code);
  return `zero.dapps.risk.${known ?? 'other'}`;
}

/** The host of an app's link, as the warning names it (the link itself when it is not a URL). */
export function linkHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}
