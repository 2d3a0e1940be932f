import { openImage } from './images';

/**
 * dHash: the image shrunk to 9×8 grey pixels; each bit says whether a pixel is brighter than its
 * right neighbour. Re-encoding, resizing or slight edits change few bits; another scene about
 * half of them. Returned as a signed 64-bit value so PostgreSQL stores it as a bigint.
 */
export async function differenceHash(image: Buffer): Promise<bigint> {
  const px = await openImage(image)
    .autoOrient()
    .greyscale()
    .resize(9, 8, { fit: 'fill', kernel: 'lanczos3' })
    .raw()
    .toBuffer();
  let hash = 0n;
  for (let y = 0; y < 8; y++) {
    for (let x = 0; x < 8; x++) {
      hash = (hash << 1n) | (px[y * 9 + x]! > px[y * 9 + x + 1]! ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, hash);
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let v = BigInt.asUintN(64, a ^ b);
  let n = 0;
  while (v) {
    n += Number(v & 1n);
    v >>= 1n;
  }
  return n;
}

/** At most this many differing bits counts as "nearly identical" (a re-encoded or resized copy). */
export const similarPhotoMaxDistance = 6;
