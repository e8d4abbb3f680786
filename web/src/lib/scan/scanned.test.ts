import { describe, expect, it } from 'vitest';
import { cameraErrorKey, cameraUnavailableReason } from './cameraErrors';
import { eip681Integer, readScanned } from './scanned';

const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const TUSD = '0xCf7Ed3AccA5a467e9e704C703E8D87F634fB0Fc9';
const evm = { kind: 'evm', chainId: 41 } as const;

describe('scanned codes', () => {
  it('read EIP-681 numbers exactly, refusing fractions of a base unit', () => {
    expect(eip681Integer('2.014e18')).toBe(2_014_000_000_000_000_000n);
    expect(eip681Integer('1000')).toBe(1000n);
    expect(eip681Integer('1.50e1')).toBe(15n);
    expect(eip681Integer('1.5')).toBeNull();
    expect(eip681Integer('-1')).toBeNull();
    expect(eip681Integer('abc')).toBeNull();
    expect(eip681Integer('')).toBeNull();
  });

  it('read native and ERC-20 payment requests with the chain id', () => {
    expect(readScanned(`ethereum:${ALICE.toLowerCase()}@41?value=1.5e18`, evm)).toEqual({
      ok: true,
      value: { kind: 'native-payment', to: ALICE, wei: 1_500_000_000_000_000_000n },
    });
    expect(readScanned(`ethereum:${TUSD}@41/transfer?address=${ALICE}&uint256=2500000`, evm)).toEqual({
      ok: true,
      value: { kind: 'token-payment', to: ALICE, token: TUSD, raw: 2_500_000n },
    });
    expect(readScanned(`ethereum:pay-${ALICE}`, evm)).toEqual({ ok: true, value: { kind: 'native-payment', to: ALICE, wei: null } });
    expect(readScanned(`ethereum:${ALICE}@40?value=1`, evm)).toEqual({ ok: false, problem: { key: 'scan.wrong_chain', values: { chainId: '40', expected: 41 } } });
    expect(readScanned(`ethereum:${ALICE}@41?value=0.5`, evm)).toEqual({ ok: false, problem: { key: 'scan.bad_amount' } });
    expect(readScanned(`ethereum:${TUSD}@41/approve?address=${ALICE}&uint256=1`, evm)).toEqual({ ok: false, problem: { key: 'scan.unsupported_request' } });
  });

  it('read plain addresses and account names for the form they fit, and refuse the rest', () => {
    expect(readScanned(` ${ALICE} `, evm)).toEqual({ ok: true, value: { kind: 'recipient', to: ALICE } });
    expect(readScanned('alice', { kind: 'native' })).toEqual({ ok: true, value: { kind: 'recipient', to: 'alice' } });
    expect(readScanned('alice', evm)).toEqual({ ok: false, problem: { key: 'scan.not_for_evm' } });
    expect(readScanned(ALICE, { kind: 'native' })).toEqual({ ok: false, problem: { key: 'scan.not_for_native' } });
    expect(readScanned('https://example.com/pay?to=me', evm)).toEqual({ ok: false, problem: { key: 'scan.not_an_address' } });
    expect(readScanned('Hello, world!', { kind: 'native' })).toEqual({ ok: false, problem: { key: 'scan.not_an_address' } });
  });
});

describe('camera failures', () => {
  it('are each of spec §8 in words', () => {
    expect(cameraUnavailableReason(false, false)).toBe('antelope.camera.error_not_https');
    expect(cameraUnavailableReason(true, false)).toBe('antelope.camera.error_no_device');
    expect(cameraUnavailableReason(true, true)).toBeNull();
    expect(cameraErrorKey(new DOMException('denied', 'NotAllowedError'))).toBe('antelope.camera.error_access');
    expect(cameraErrorKey(new DOMException('none', 'NotFoundError'))).toBe('antelope.camera.error_no_device');
    expect(cameraErrorKey(new DOMException('busy', 'NotReadableError'))).toBe('antelope.camera.error_in_use');
    expect(cameraErrorKey(new Error('?'))).toBe('antelope.camera.error_other');
    expect(cameraErrorKey(undefined)).toBe('antelope.camera.error_other');
  });
});
