/**
 * Scan to send with a camera Chromium fakes from a file: the spec draws a QR code (npm
 * `qrcode`) into a Y4M video that `--use-file-for-fake-video-capture` plays as the
 * camera, opens the EVM send form's scanner and checks what it fills in. One browser
 * per video, since the camera's file is fixed when Chromium starts: an EIP-681 request
 * fills recipient, token and amount; a code that holds no address is refused in words;
 * and without any camera the spec §8 message is shown.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import type { Browser } from 'playwright-core';
import QRCode from 'qrcode';
import { toHex } from 'viem';
import { mnemonicToAccount } from 'viem/accounts';
import { inPage, launchBrowser } from './browser';
import { evmAccount, evmManifest, signInWithDevKey } from './evmDevnet';

const DEV_MNEMONIC = 'test test test test test test test test test test test junk';
const WIDTH = 640;
const HEIGHT = 480;

let folder: string;
let senderKey: `0x${string}`;

/** A Y4M (4:2:0) video of `text` as a black-on-white QR code, a few identical frames (Chromium loops it). */
function qrVideo(text: string, name: string): string {
  const { modules } = QRCode.create(text, { errorCorrectionLevel: 'M' });
  const scale = Math.floor(Math.min(WIDTH, HEIGHT) / (modules.size + 8));
  const side = (modules.size + 8) * scale;
  const left = Math.floor((WIDTH - side) / 2);
  const top = Math.floor((HEIGHT - side) / 2);
  const luma = Buffer.alloc(WIDTH * HEIGHT, 255);
  for (let y = 0; y < modules.size; y += 1) {
    for (let x = 0; x < modules.size; x += 1) {
      if (!modules.get(y, x)) continue;
      for (let dy = 0; dy < scale; dy += 1) {
        const row = top + (y + 4) * scale + dy;
        luma.fill(0, row * WIDTH + left + (x + 4) * scale, row * WIDTH + left + (x + 5) * scale);
      }
    }
  }
  const chroma = Buffer.alloc((WIDTH / 2) * (HEIGHT / 2), 128);
  const frame = Buffer.concat([Buffer.from('FRAME\n'), luma, chroma, chroma]);
  const header = Buffer.from(`YUV4MPEG2 W${WIDTH} H${HEIGHT} F10:1 Ip A1:1 C420jpeg\n`);
  const path = join(folder, name);
  writeFileSync(path, Buffer.concat([header, ...Array.from({ length: 5 }, () => frame)]));
  return path;
}

async function withCamera(video: string | null, run: Parameters<typeof inPage>[1]) {
  const args = video === null ? [] : ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
  const browser: Browser = await launchBrowser(args);
  try {
    await inPage(browser, async (page, context) => {
      if (video !== null) await context.grantPermissions(['camera']);
      await run(page, context);
    }, { width: 1280, height: 900 });
  } finally {
    await browser.close();
  }
}

before(() => {
  folder = mkdtempSync(join(tmpdir(), 'tandem-scan-'));
  const key = mnemonicToAccount(DEV_MNEMONIC, { addressIndex: 5 }).getHdKey().privateKey;
  if (!key) throw new Error('no key for account 5');
  senderKey = toHex(key);
});

after(() => {
  rmSync(folder, { recursive: true, force: true });
});

describe('scan to send', () => {
  it('fills recipient, token and amount from an EIP-681 payment request read by the camera', async () => {
    const { chainId, contracts } = evmManifest();
    const carol = evmAccount('carol').address;
    const video = qrVideo(`ethereum:${contracts.WTLOS ?? ''}@${chainId}/transfer?address=${carol}&uint256=1.25e18`, 'request.y4m');
    const native = qrVideo(`ethereum:${carol}@${chainId}?value=2.5e18`, 'native.y4m');
    for (const [file, token, amount] of [[video, 'WTLOS', '1.25'], [native, 'TLOS', '2.5']] as const) {
      await withCamera(file, async (page) => {
        await signInWithDevKey(page, senderKey);
        await page.goto('/evm/send');
        const form = page.getByRole('form', { name: 'Send' });
        await form.getByRole('button', { name: 'Scan QR code' }).click();
        await page.getByRole('dialog', { name: 'Scan a QR code' }).waitFor();
        await form.getByText('Filled in from the QR code.').waitFor({ timeout: 30_000 });
        assert.equal(await form.getByLabel('Recipient address', { exact: true }).inputValue(), carol);
        assert.equal(await form.getByLabel(`Amount (${token})`).inputValue(), amount);
        assert.match(await form.getByLabel('Token').locator('option:checked').innerText(), new RegExp(`^${token} · `));
        assert.equal(await page.getByRole('dialog', { name: 'Scan a QR code' }).count(), 0, 'the scanner closed');
      });
    }
  });

  it('says so in words when the code holds no address, and fills nothing', async () => {
    const video = qrVideo('Meet me at the café at noon', 'text.y4m');
    await withCamera(video, async (page) => {
      await signInWithDevKey(page, senderKey);
      await page.goto('/evm/send');
      const form = page.getByRole('form', { name: 'Send' });
      await form.getByRole('button', { name: 'Scan QR code' }).click();
      const dialog = page.getByRole('dialog', { name: 'Scan a QR code' });
      await dialog.locator('p[role="alert"]').filter({ hasText: 'This QR code does not hold an address or a payment request.' }).waitFor({ timeout: 30_000 });
      await dialog.getByRole('button', { name: 'Cancel' }).click();
      assert.equal(await form.getByLabel('Recipient address', { exact: true }).inputValue(), '');
    });
  });

  it('names the camera failure of spec §8 when there is no camera to use', async () => {
    await withCamera(null, async (page) => {
      await signInWithDevKey(page, senderKey);
      await page.goto('/evm/send');
      await page.getByRole('form', { name: 'Send' }).getByRole('button', { name: 'Scan QR code' }).click();
      // The dialog's own alert (the toaster's live region sits in the topmost dialog too).
      const alert = page.getByRole('dialog', { name: 'Scan a QR code' }).locator('p[role="alert"]');
      await alert.waitFor({ timeout: 30_000 });
      const text = await alert.innerText();
      const messages = [
        'Allow this page to use the camera to scan a code, then try again.',
        'No camera was found on this device.',
        'The camera is in use by another app. Close it, then try again.',
      ];
      assert.ok(messages.includes(text), `a spec §8 camera message, got: ${text}`);
    });
  });
});
