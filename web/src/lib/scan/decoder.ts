/**
 * The QR decoder: ZXing's QR reader as npm `@zxing/library` ships it (Apache-2.0,
 * plain TypeScript, released through 2026), loaded only when a scan starts. Plain
 * script, so the page's Content-Security-Policy needs nothing more (a WebAssembly
 * decoder would need `wasm-unsafe-eval`). A frame of the video is drawn on a canvas
 * and read there, as the grey levels ZXing reads (see `luminance.ts`).
 */

import { BinaryBitmap, HybridBinarizer, QRCodeReader, RGBLuminanceSource } from '@zxing/library';
import { luminances } from './luminance';

export interface QrDecoder {
  /** The text of the QR code in the current frame of `video`, or null when none is read. */
  read(video: HTMLVideoElement): string | null;
}

export function createQrDecoder(): QrDecoder {
  const reader = new QRCodeReader();
  const canvas = document.createElement('canvas');
  return {
    read(video) {
      const { videoWidth: width, videoHeight: height } = video;
      const context = canvas.getContext('2d', { willReadFrequently: true });
      if (width === 0 || height === 0 || context === null) return null;
      canvas.width = width;
      canvas.height = height;
      context.drawImage(video, 0, 0, width, height);
      try {
        const pixels = context.getImageData(0, 0, width, height).data;
        const source = new RGBLuminanceSource(luminances(pixels, width * height), width, height);
        return reader.decode(new BinaryBitmap(new HybridBinarizer(source))).getText();
      } catch {
        // No code in this frame (or one not readable yet): the next frame is tried.
        return null;
      } finally {
        reader.reset();
      }
    },
  };
}
