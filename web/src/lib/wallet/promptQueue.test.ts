import { describe, expect, it } from 'vitest';
import { createPromptQueue, type PendingPrompt, type PromptQueue } from './promptQueue';

/** A request as a wallet would queue it: the queue never looks inside. */
interface Request {
  readonly what: string;
}

const SEND: Request = { what: 'send 1 TLOS' };
const DEPLOY: Request = { what: 'deploy a contract' };

/** The prompt on screen; a test that expects one fails here when there is none. */
function shownOf(queue: PromptQueue<Request>): PendingPrompt<Request> {
  const shown = queue.current();
  if (shown === null) throw new Error('nothing to confirm');
  return shown;
}

describe('the development wallets\' prompt queue', () => {
  it('starts empty', () => {
    expect(createPromptQueue<Request>().current()).toBeNull();
  });

  it('shows the request and resolves true when the user signs', async () => {
    const queue = createPromptQueue<Request>();
    const answer = queue.ask(SEND);
    const shown = shownOf(queue);
    expect(shown.request).toEqual(SEND);
    queue.approve(shown.id);
    expect(await answer).toBe(true);
    expect(queue.current()).toBeNull();
  });

  it('resolves false when the user rejects', async () => {
    const queue = createPromptQueue<Request>();
    const answer = queue.ask(SEND);
    queue.reject(shownOf(queue).id);
    expect(await answer).toBe(false);
  });

  it('asks one request at a time, oldest first', async () => {
    const queue = createPromptQueue<Request>();
    const first = queue.ask(SEND);
    const second = queue.ask(DEPLOY);
    const firstShown = shownOf(queue);
    expect(firstShown.request).toBe(SEND);
    queue.reject(firstShown.id);
    const secondShown = shownOf(queue);
    expect(secondShown.request).toBe(DEPLOY);
    expect(secondShown.id).not.toBe(firstShown.id);
    queue.approve(secondShown.id);
    expect(await Promise.all([first, second])).toEqual([false, true]);
  });

  it('ignores an answer for a prompt that is already settled', async () => {
    const queue = createPromptQueue<Request>();
    const answer = queue.ask(SEND);
    const shown = shownOf(queue);
    queue.approve(shown.id);
    queue.reject(shown.id);
    expect(await answer).toBe(true);
  });

  it('rejects everything still waiting at sign-out', async () => {
    const queue = createPromptQueue<Request>();
    const answers = Promise.all([queue.ask(SEND), queue.ask(DEPLOY)]);
    queue.rejectAll();
    expect(await answers).toEqual([false, false]);
    expect(queue.current()).toBeNull();
  });

  it('tells subscribers of every change until they unsubscribe', () => {
    const queue = createPromptQueue<Request>();
    let changes = 0;
    const unsubscribe = queue.subscribe(() => {
      changes += 1;
    });
    void queue.ask(SEND);
    queue.approve(shownOf(queue).id);
    expect(changes).toBe(2);
    unsubscribe();
    void queue.ask(SEND);
    expect(changes).toBe(2);
  });
});
