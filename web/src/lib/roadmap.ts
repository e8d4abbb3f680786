/**
 * Which release brings each not-yet-built capability. Screens and buttons that
 * are not ready read their note from here, so the plan is stated in one place
 * and nothing in the UI pretends to work before it does.
 */

export interface PlannedCapability {
  /** Release that brings it, or `null` when it is not planned. */
  release: string | null;
  title: string;
  /** What the finished screen or action will do, in the user's words. */
  summary: string;
}

export const ROADMAP = {
  createAccount: {
    release: '0.6',
    title: 'Create a new account',
    summary: 'Create a Telos account with guidance on keys and recovery.',
  },
} as const satisfies Record<string, PlannedCapability>;

export type CapabilityId = keyof typeof ROADMAP;

export function availabilityNote(capability: PlannedCapability): string {
  return capability.release === null
    ? 'Not planned: the service is being discontinued'
    : `Coming in release ${capability.release}`;
}
