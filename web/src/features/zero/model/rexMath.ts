/**
 * REX figures a review shows before anything is signed, computed as the system contract
 * computes them (`rexProceeds` is the server's `rex_proceeds`, crates/domain `antelope::rex`;
 * `rexForPayment` is `buyrex`'s own division): integer units, truncated. The pool is the `rexpool` row the REX read
 * returned; a sale signed later can only pay more, as the pool's value per REX grows.
 */

export interface RexPoolUnits {
  /** `total_lendable` in the system token's units. */
  readonly lendable: bigint;
  /** `total_rex` in REX units. */
  readonly rex: bigint;
}

/** The REX `buyrex` of `payment` units gives: payment × total_rex ÷ total_lendable (10 000 REX per unit into an empty pool). */
export function rexForPayment(payment: bigint, pool: RexPoolUnits): bigint {
  if (pool.rex > 0n && pool.lendable > 0n) return (payment * pool.rex) / pool.lendable;
  return payment * 10_000n;
}

/** What `sellrex` of `rex` units pays into the REX fund: rex × total_lendable ÷ total_rex. */
export function rexProceeds(rex: bigint, pool: RexPoolUnits): bigint {
  return pool.rex > 0n ? (rex * pool.lendable) / pool.rex : 0n;
}

/**
 * The REX to sell for about `wanted` units of the system token, and what that sale pays:
 * the REX whose proceeds do not exceed `wanted`, or every matured REX when `wanted` is
 * what all of it sells for (the Max button) — so the last unit of REX is never left behind.
 */
export function rexToSell(wanted: bigint, matured: bigint, pool: RexPoolUnits): { readonly rex: bigint; readonly proceeds: bigint } {
  if (pool.lendable <= 0n) return { rex: 0n, proceeds: 0n };
  const all = rexProceeds(matured, pool);
  if (wanted >= all) return { rex: matured, proceeds: all };
  const rex = (wanted * pool.rex) / pool.lendable;
  return { rex, proceeds: rexProceeds(rex, pool) };
}
