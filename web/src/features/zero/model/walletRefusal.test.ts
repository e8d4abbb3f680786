import { describe, expect, it } from 'vitest';
import { ApiError } from '../../../lib/api/client';
import type { NativeSession, NativeSigner } from './nativeSession';
import { SponsorFailure } from './sponsorFailure';
import { transactionSteps } from './transactionSteps';
import { isWalletRefusal, transactionFailure, WalletRefusedError } from './walletRefusal';

describe('a wallet refusal', () => {
  it('is the development wallet’s Reject, or a wallet plugin’s cancel in words', () => {
    expect(isWalletRefusal(new WalletRefusedError())).toBe(true);
    expect(isWalletRefusal(new Error('User canceled request'))).toBe(true);
    expect(isWalletRefusal(new Error('The wallet window was closed'))).toBe(true);
    expect(isWalletRefusal(new Error('Request rejected by the user'))).toBe(true);
    expect(isWalletRefusal('Signature request denied')).toBe(true);
  });

  it('is not any other failure', () => {
    expect(isWalletRefusal(new Error('Failed to fetch'))).toBe(false);
    expect(isWalletRefusal(new Error('missing required authority alice@active'))).toBe(false);
    expect(isWalletRefusal(undefined)).toBe(false);
  });
});

describe('how a transaction that did not go through ends', () => {
  it('keeps a sponsor failure for the self-pay panel', () => {
    const failure = new SponsorFailure(new ApiError('sponsor.timeout', 'no answer', 504));
    expect(transactionFailure(failure)).toEqual({ kind: 'sponsor-failed', failure });
  });

  it('names a refusal of the signing step', () => {
    expect(transactionFailure(new WalletRefusedError(new Error('User canceled request')))).toEqual({ kind: 'refused' });
  });

  it('leaves a server’s text that says "rejected" a failure, with what it says about resources', () => {
    const pushed = new ApiError('antelope.chain.error', 'The network rejected the transaction', 400, { name: 'tx_cpu_usage_exceeded' });
    expect(transactionFailure(pushed)).toEqual({ kind: 'failed', message: 'The network rejected the transaction', shortage: 'cpu' });
    expect(transactionFailure('boom')).toEqual({ kind: 'failed', message: 'boom', shortage: null });
  });
});

describe('the signing step of a native transaction', () => {
  const session: NativeSession = { network: 'telos-native-devnet', account: 'alice', permission: 'active', authenticator: 'anchor', signer: null };
  const stepsSigningWith = (sign: NativeSigner['sign']) =>
    transactionSteps({
      network: session.network,
      session,
      signer: { buildTransaction: () => Promise.resolve('00'), sign, logout: () => Promise.resolve() },
      actions: [],
      confirmSponsored: () => Promise.resolve(null),
      onStage: () => undefined,
    });

  it('turns a wallet’s cancel into a refusal, keeping what the wallet said', async () => {
    const said = new Error('User canceled request');
    const refused = await stepsSigningWith(() => Promise.reject(said)).sign('00').catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(WalletRefusedError);
    expect((refused as WalletRefusedError).cause).toBe(said);
  });

  it('passes the development wallet’s refusal and any other error on as they are', async () => {
    const own = new WalletRefusedError();
    await expect(stepsSigningWith(() => Promise.reject(own)).sign('00')).rejects.toBe(own);
    const other = new Error('Failed to fetch');
    await expect(stepsSigningWith(() => Promise.reject(other)).sign('00')).rejects.toBe(other);
  });

  it('answers the signatures when the wallet signs', async () => {
    expect(await stepsSigningWith(() => Promise.resolve(['SIG_K1_x'])).sign('00')).toEqual(['SIG_K1_x']);
  });
});
