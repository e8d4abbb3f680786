import { describe, expect, it } from 'vitest';
import { luminances } from './luminance';

describe('grey levels for the QR reader', () => {
  it('weigh green twice and ignore alpha', () => {
    const rgba = new Uint8ClampedArray([255, 255, 255, 255, 0, 0, 0, 0, 255, 0, 0, 255, 0, 255, 0, 9]);
    expect([...luminances(rgba, 4)]).toEqual([255, 0, 63, 127]);
  });
});
