/**
 * The development wallets' Sign/Reject window (lib/wallet/SignPromptDialog.tsx), the same
 * for the EVM and the native one: the browser specs answer it as a user would.
 */
import type { Page } from 'playwright-core';

function devWalletDialog(page: Page) {
  return page.getByRole('dialog', { name: 'Development wallet' });
}

/**
 * Clicks `button` in the development wallet's prompt and waits until that request is
 * answered: the prompt closes, or already shows the next request (a batch can ask again
 * within milliseconds, too fast to ever see it closed).
 */
async function answerDevWallet(page: Page, button: 'Sign' | 'Reject'): Promise<void> {
  const dialog = devWalletDialog(page);
  await dialog.getByRole('button', { name: button }).waitFor();
  const request = await dialog.getAttribute('data-request');
  await dialog.getByRole('button', { name: button }).click();
  await page.waitForFunction((answered) => {
    const prompt = document.querySelector('dialog[data-request]');
    return !(prompt instanceof HTMLDialogElement) || !prompt.open || prompt.getAttribute('data-request') !== answered;
  }, request);
}

/** Answers the development wallet's prompt: Sign. */
export async function signInDevWallet(page: Page): Promise<void> {
  await answerDevWallet(page, 'Sign');
}

/** Answers the development wallet's prompt: Reject (an EVM page gets EIP-1193's 4001, a native flow the wallet's refusal). */
export async function rejectInDevWallet(page: Page): Promise<void> {
  await answerDevWallet(page, 'Reject');
}
