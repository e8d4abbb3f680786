/**
 * Query keys of the native API start with this root and the network, like their path
 * (`['native', network, resource, …]`), so a signed native transaction refreshes them all.
 */
export const NATIVE_QUERY_ROOT = 'native' as const;
