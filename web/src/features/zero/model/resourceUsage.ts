/**
 * How a resource meter reads (spec §7's CPU, NET and RAM of an account): in units a person
 * reads (ms and s of CPU, KB and MB of bandwidth and RAM) with the exact figure kept for
 * the hover, "none staked" when the account has none of it rather than a full bar, and
 * "unlimited" when the chain sets no limit.
 */

export type ResourceKind = 'cpu' | 'net' | 'ram';

/** A quantity in its best unit: `value` at most two decimals, `unit` one of the dictionary's. */
export interface HumanQuantity {
  readonly value: string;
  readonly unit: 'us' | 'ms' | 's' | 'B' | 'KB' | 'MB' | 'GB';
}

export type ResourceUsage =
  | { readonly state: 'unlimited' }
  /** Nothing staked (CPU, NET) or no quota (RAM): nothing can be used. */
  | { readonly state: 'none' }
  | {
      readonly state: 'used';
      readonly used: HumanQuantity;
      readonly max: HumanQuantity;
      /** Whole percent used, 0–100. */
      readonly percent: number;
      /** The exact figures in the chain's unit (µs or bytes), for the hover. */
      readonly exactUsed: number;
      readonly exactMax: number;
    };

const TIME_STEPS: readonly [number, HumanQuantity['unit']][] = [[1_000_000, 's'], [1_000, 'ms'], [1, 'us']];
const BYTE_STEPS: readonly [number, HumanQuantity['unit']][] = [[1024 ** 3, 'GB'], [1024 ** 2, 'MB'], [1024, 'KB'], [1, 'B']];

/** Up to two decimals, trailing zeros dropped: 1.5, 12, 0.25. */
function short(value: number): string {
  return (Math.round(value * 100) / 100).toString();
}

/** `amount` (µs for CPU, bytes otherwise) in the largest unit it reaches. */
export function humanQuantity(kind: ResourceKind, amount: number): HumanQuantity {
  const steps = kind === 'cpu' ? TIME_STEPS : BYTE_STEPS;
  const [size, unit] = steps.find(([step]) => Math.abs(amount) >= step) ?? steps[steps.length - 1] ?? [1, 'B'];
  return { value: short(amount / size), unit };
}

/** The meter of `kind` for `used` of `max` (the chain's figures; `null` when it sets no limit). */
export function resourceUsage(kind: ResourceKind, used: number | null, max: number | null): ResourceUsage {
  if (used === null || max === null || max < 0) return { state: 'unlimited' };
  if (max === 0) return { state: 'none' };
  const percent = Math.min(100, Math.max(0, Math.round((used / max) * 100)));
  return { state: 'used', used: humanQuantity(kind, used), max: humanQuantity(kind, max), percent, exactUsed: used, exactMax: max };
}
