import { describe, expect, it } from 'vitest';
import { checkAnswer } from '../../../lib/api/answerShape';
import { AccountStaking, StakingOverview } from '../../../lib/api/generated/answerShapes';

const parseOverview = (json: unknown) => checkAnswer(StakingOverview, json);
const parseAccountStaking = (json: unknown) => checkAnswer(AccountStaking, json);

// Answers as the server sends them on the devnet (GET …/staking and …/accounts/{address}/staking).
const LOCK = { seconds: 3600, value: 1, unit: 'hour', text: '1 hour' };
const READ_AT = { blockNumber: 62, timestamp: 1795574806 };

describe('staking answers', () => {
  it('reads the overview, with or without an APY', () => {
    const overview = {
      systemToken: 'TLOS',
      stakedToken: 'STLOS',
      stakeRatio: '0.90909090909090909',
      unstakeRatio: '1.1',
      totalStaking: '167',
      totalShares: '151.81818181818181818',
      escrowTotal: '15',
      lockPeriod: LOCK,
      apy: null,
      apyStatus: 'not_configured',
      readAt: READ_AT,
    };
    expect(parseOverview(overview).unstakeRatio).toBe('1.1');
    expect(parseOverview({ ...overview, apy: '11.52', apyStatus: 'available' }).apy).toBe('11.52');
    expect(() => parseOverview({ ...overview, stakeRatio: 0.9 })).toThrow('stakeRatio is not a string');
    expect(() => parseOverview({ ...overview, lockPeriod: { seconds: 3600 } })).toThrow('lockPeriod.value');
  });

  it('reads an account with its escrow deposits', () => {
    const account = {
      address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
      balance: '86.363636363636363635',
      balanceValue: '94.999999999999999999',
      withdrawable: '10',
      locked: '5',
      deposits: [
        { amount: '10', until: 1795574321, unlocked: true, secondsLeft: 0 },
        { amount: '5', until: 1795577926, unlocked: false, secondsLeft: 3120 },
      ],
      totalStaking: '167',
      lockPeriod: LOCK,
      readAt: READ_AT,
    };
    expect(parseAccountStaking(account).deposits).toHaveLength(2);
    expect(() => parseAccountStaking({ ...account, deposits: [{ amount: '1', until: '5', unlocked: false, secondsLeft: 5 }] })).toThrow('deposits[0].until');
    expect(() => parseAccountStaking({ ...account, deposits: null })).toThrow('deposits is not a list');
  });
});
