/** `0x1234…abcd` for an address or a hash, for tight spots; the full value stays in a title or beside it. */
export function shortHex(value: string): string {
  return value.length > 14 ? `${value.slice(0, 6)}…${value.slice(-4)}` : value;
}
