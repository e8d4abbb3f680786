/**
 * Which tokens a user hides as spam (issue 37): the server labels likely spam with its
 * reasons and never leaves a token out; the browser hides the labelled ones by default,
 * and the user may say otherwise for any token — kept per network in this browser.
 */

import { trySetItem, type StorageLike } from '../storage';

/** The user's word on a token: it is spam, or it is not. */
export type TokenChoice = 'spam' | 'not_spam';

/** What the server says of a token (`spam` of a balance row). */
export interface SpamLabel {
  readonly likely: boolean;
  readonly reasons: readonly string[];
}

const KEY_PREFIX = 'tandem.spam.';

function keyOf(network: string): string {
  return `${KEY_PREFIX}${network}`;
}

/** The user's choices on `network`, by token id (an unreadable entry reads as none). */
export function readTokenChoices(storage: StorageLike | null, network: string): Readonly<Record<string, TokenChoice>> {
  const text = storage?.getItem(keyOf(network)) ?? null;
  if (text === null) return {};
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) return {};
    return Object.fromEntries(
      Object.entries(parsed).filter((entry): entry is [string, TokenChoice] => entry[1] === 'spam' || entry[1] === 'not_spam'),
    );
  } catch {
    return {};
  }
}

/** Records the user's word on one token (`null` forgets it: the server's label decides again). */
export function saveTokenChoice(storage: StorageLike | null, network: string, tokenId: string, choice: TokenChoice | null): Readonly<Record<string, TokenChoice>> {
  const kept = Object.entries(readTokenChoices(storage, network)).filter(([id]) => id !== tokenId);
  const next: Record<string, TokenChoice> = Object.fromEntries(choice === null ? kept : [...kept, [tokenId, choice]]);
  trySetItem(storage, keyOf(network), JSON.stringify(next));
  return next;
}

/** Whether a token is hidden: the user's word first, else the server's label. */
export function isHiddenToken(label: SpamLabel | undefined, choice: TokenChoice | undefined): boolean {
  if (choice !== undefined) return choice === 'spam';
  return label?.likely === true;
}

/** Rows split into those shown and those hidden as spam, each in the order given. */
export function splitSpam<T>(rows: readonly T[], idOf: (row: T) => string, labelOf: (row: T) => SpamLabel | undefined, choices: Readonly<Record<string, TokenChoice>>): { readonly shown: T[]; readonly hidden: T[] } {
  const shown: T[] = [];
  const hidden: T[] = [];
  for (const row of rows) (isHiddenToken(labelOf(row), choices[idOf(row)]) ? hidden : shown).push(row);
  return { shown, hidden };
}
