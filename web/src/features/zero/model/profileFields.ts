/**
 * A profile field's label in words: the profiles contract stores fields under snake or
 * camel case keys (`display_name`, `avatarUrl`), which read as "Display name" and
 * "Avatar url". Unknown keys are shown the same way, so a contract's new field needs no release.
 */
export function profileFieldLabel(key: string): string {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .split(/[\s_.-]+/)
    .filter((word) => word !== '')
    .map((word) => word.toLowerCase());
  if (words.length === 0) return key;
  const [first = '', ...rest] = words;
  return [first.charAt(0).toUpperCase() + first.slice(1), ...rest].join(' ');
}
