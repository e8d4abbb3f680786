/**
 * What a scanned QR code asks for: an EIP-681 payment request (`ethereum:` with the
 * chain id and an amount, native or an ERC-20 `transfer`), a plain EVM address, or an
 * Antelope account name — checked against the form it fills (EVM or native, and the
 * EVM network's chain id). Anything else is refused with the reason in words.
 */

import { validateAccountName } from '../validation/accountName';
import { validateEvmAddress } from '../validation/evmAddress';

export type ScanTarget = { readonly kind: 'evm'; readonly chainId: number } | { readonly kind: 'native' };

export type Scanned =
  /** A recipient only. */
  | { readonly kind: 'recipient'; readonly to: string }
  /** EIP-681 native payment: `wei` of the system coin, when given. */
  | { readonly kind: 'native-payment'; readonly to: string; readonly wei: bigint | null }
  /** EIP-681 ERC-20 `transfer`: `raw` smallest units of `token`, when given. */
  | { readonly kind: 'token-payment'; readonly to: string; readonly token: string; readonly raw: bigint | null };

export type ScanProblem =
  | { readonly key: 'scan.not_an_address' | 'scan.not_for_native' | 'scan.not_for_evm' | 'scan.bad_amount' | 'scan.unsupported_request' }
  | { readonly key: 'scan.wrong_chain'; readonly values: { readonly chainId: string; readonly expected: number } };

export type ScanResult = { readonly ok: true; readonly value: Scanned } | { readonly ok: false; readonly problem: ScanProblem };

const fail = (problem: ScanProblem): ScanResult => ({ ok: false, problem });

/** An EIP-681 number (`2.014e18`, `1000`) as an exact non-negative integer; null when it is not a whole one. */
export function eip681Integer(text: string): bigint | null {
  const match = /^\+?(\d*)(?:\.(\d*))?(?:[eE](\d{1,3}))?$/.exec(text);
  if (!match) return null;
  const whole = match[1] ?? '';
  const fraction = match[2] ?? '';
  if (whole === '' && fraction === '') return null;
  const digits = `${whole}${fraction}`;
  const scale = Number(match[3] ?? '0') - fraction.length;
  if (scale >= 0) return BigInt(digits) * 10n ** BigInt(scale);
  // Digits below the unit must be zeros: an amount is a whole number of base units.
  if (!/^0*$/.test(digits.slice(scale))) return null;
  return BigInt(digits.slice(0, scale) || '0');
}

function evmAddress(text: string): string | null {
  const checked = validateEvmAddress(text);
  return checked.ok ? checked.value.checksummed : null;
}

function parseEip681(uri: string, target: ScanTarget): ScanResult {
  if (target.kind === 'native') return fail({ key: 'scan.not_for_native' });
  const body = uri.slice('ethereum:'.length).replace(/^pay-/, '');
  const [path = '', query = ''] = body.split('?', 2);
  const match = /^(0x[0-9a-fA-F]{40})(?:@(\d+))?(?:\/(\w+))?$/.exec(path);
  if (!match?.[1]) return fail({ key: 'scan.not_an_address' });
  const contract = evmAddress(match[1]);
  if (contract === null) return fail({ key: 'scan.not_an_address' });
  const chainId = match[2];
  if (chainId !== undefined && Number(chainId) !== target.chainId) {
    return fail({ key: 'scan.wrong_chain', values: { chainId, expected: target.chainId } });
  }
  const params = new URLSearchParams(query);
  const amount = (name: string) => {
    const text = params.get(name);
    return text === null ? null : eip681Integer(text);
  };
  const functionName = match[3];
  if (functionName === undefined) {
    const wei = amount('value');
    if (params.has('value') && wei === null) return fail({ key: 'scan.bad_amount' });
    return { ok: true, value: { kind: 'native-payment', to: contract, wei } };
  }
  if (functionName !== 'transfer') return fail({ key: 'scan.unsupported_request' });
  const to = evmAddress(params.get('address') ?? '');
  if (to === null) return fail({ key: 'scan.not_an_address' });
  const raw = amount('uint256');
  if (params.has('uint256') && raw === null) return fail({ key: 'scan.bad_amount' });
  return { ok: true, value: { kind: 'token-payment', to, token: contract, raw } };
}

/** What `text`, read from a QR code, asks the form of `target` to fill. */
export function readScanned(text: string, target: ScanTarget): ScanResult {
  const trimmed = text.trim();
  if (/^ethereum:/i.test(trimmed)) return parseEip681(`ethereum:${trimmed.slice('ethereum:'.length)}`, target);
  if (/^0x[0-9a-fA-F]{40}$/.test(trimmed)) {
    if (target.kind === 'native') return fail({ key: 'scan.not_for_native' });
    const to = evmAddress(trimmed);
    return to === null ? fail({ key: 'scan.not_an_address' }) : { ok: true, value: { kind: 'recipient', to } };
  }
  if (validateAccountName(trimmed).ok) {
    return target.kind === 'native' ? { ok: true, value: { kind: 'recipient', to: trimmed } } : fail({ key: 'scan.not_for_evm' });
  }
  return fail({ key: 'scan.not_an_address' });
}
