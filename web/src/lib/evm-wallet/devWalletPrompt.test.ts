import { describe, expect, it } from 'vitest';
import { createPromptQueue, type TransactionToConfirm } from './devWalletPrompt';

const SEND: TransactionToConfirm = {
  from: '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
  to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  value: 10n ** 18n,
  data: '0x',
  gas: 21_000n,
};

const DEPLOY: TransactionToConfirm = { ...SEND, to: null, value: 0n, data: '0x6080', gas: null };

describe('the development wallet prompt queue', () => {
  it('starts empty', () => {
    expect(createPromptQueue().current()).toBeNull();
  });

  it('shows the transaction and resolves true when the user signs', async () => {
    const queue = createPromptQueue();
    const answer = queue.ask(SEND);
    const shown = queue.current();
    expect(shown?.transaction).toEqual(SEND);
    if (shown === null) throw new Error('nothing to confirm');
    queue.approve(shown.id);
    expect(await answer).toBe(true);
    expect(queue.current()).toBeNull();
  });

  it('resolves false when the user rejects', async () => {
    const queue = createPromptQueue();
    const answer = queue.ask(SEND);
    const shown = queue.current();
    if (shown === null) throw new Error('nothing to confirm');
    queue.reject(shown.id);
    expect(await answer).toBe(false);
  });

  it('asks one transaction at a time, oldest first', async () => {
    const queue = createPromptQueue();
    const first = queue.ask(SEND);
    const second = queue.ask(DEPLOY);
    const firstShown = queue.current();
    expect(firstShown?.transaction).toBe(SEND);
    if (firstShown === null) throw new Error('nothing to confirm');
    queue.reject(firstShown.id);
    const secondShown = queue.current();
    expect(secondShown?.transaction).toBe(DEPLOY);
    expect(secondShown?.id).not.toBe(firstShown.id);
    if (secondShown === null) throw new Error('nothing to confirm');
    queue.approve(secondShown.id);
    expect(await Promise.all([first, second])).toEqual([false, true]);
  });

  it('ignores an answer for a prompt that is already settled', async () => {
    const queue = createPromptQueue();
    const answer = queue.ask(SEND);
    const shown = queue.current();
    if (shown === null) throw new Error('nothing to confirm');
    queue.approve(shown.id);
    queue.reject(shown.id);
    expect(await answer).toBe(true);
  });

  it('rejects everything still waiting at sign-out', async () => {
    const queue = createPromptQueue();
    const answers = Promise.all([queue.ask(SEND), queue.ask(DEPLOY)]);
    queue.rejectAll();
    expect(await answers).toEqual([false, false]);
    expect(queue.current()).toBeNull();
  });

  it('tells subscribers of every change until they unsubscribe', () => {
    const queue = createPromptQueue();
    let changes = 0;
    const unsubscribe = queue.subscribe(() => {
      changes += 1;
    });
    void queue.ask(SEND);
    const shown = queue.current();
    if (shown === null) throw new Error('nothing to confirm');
    queue.approve(shown.id);
    expect(changes).toBe(2);
    unsubscribe();
    void queue.ask(SEND);
    expect(changes).toBe(2);
  });
});
