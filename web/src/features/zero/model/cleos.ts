/**
 * The command-line style authenticator (spec §6): nothing is signed in the browser;
 * each transaction is shown as the `cleos` command the user runs with their own keys.
 */

export interface CleosAction {
  readonly contract: string;
  readonly action: string;
  readonly data: Readonly<Record<string, unknown>>;
  readonly actor: string;
  readonly permission: string;
}

/** Quotes text for a POSIX shell: inside single quotes only `'` needs care. */
export function shellQuote(text: string): string {
  return `'${text.replaceAll("'", `'\\''`)}'`;
}

/** `cleos -u <rpc> push action <contract> <action> '<json>' -p <actor>@<permission>`. */
export function cleosCommand(rpcUrl: string, action: CleosAction): string {
  return [
    'cleos',
    '-u',
    shellQuote(rpcUrl),
    'push',
    'action',
    action.contract,
    action.action,
    shellQuote(JSON.stringify(action.data)),
    '-p',
    `${action.actor}@${action.permission}`,
  ].join(' ');
}

/** The permissions the command-line sign-in offers; active is the default (spec §6). */
export const CLEOS_PERMISSIONS = ['active', 'owner'] as const;
export type CleosPermission = (typeof CLEOS_PERMISSIONS)[number];

/** The account name the command-line sign-in suggests: the system account. */
export const CLEOS_DEFAULT_ACCOUNT = 'eosio';
