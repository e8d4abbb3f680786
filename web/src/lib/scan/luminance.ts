/**
 * The grey level of each pixel of an RGBA image, as ZXing weighs it (green counted
 * twice): what its QR reader takes instead of colours.
 */
export function luminances(rgba: Uint8ClampedArray, pixels: number): Uint8ClampedArray {
  const grey = new Uint8ClampedArray(pixels);
  for (let pixel = 0; pixel < pixels; pixel += 1) {
    const at = pixel * 4;
    grey[pixel] = ((rgba[at] ?? 0) + 2 * (rgba[at + 1] ?? 0) + (rgba[at + 2] ?? 0)) >> 2;
  }
  return grey;
}
