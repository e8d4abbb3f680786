/**
 * Deposits to an exchange's account (issue 37): an exchange keeps one account for all its
 * users and credits each deposit to whoever's memo it carries. The server's account answer
 * says which accounts need one (`memoRequired`, from its list); a transfer to one without a
 * memo reaches the exchange but no user.
 */

/** Who the account is, as the server's list names it. */
export interface MemoRequirement {
  readonly label: string;
}

/**
 * The warning to show before a transfer: the account's requirement when it needs a memo and
 * `memo` is empty (blank counts as empty: exchanges match the memo's text), else `null`.
 * A warning only: the user may still send.
 */
export function missingMemo(requirement: MemoRequirement | null | undefined, memo: string): MemoRequirement | null {
  if (requirement === null || requirement === undefined) return null;
  return memo.trim() === '' ? requirement : null;
}
