import sharp from 'sharp';

/** Larger than any phone photo (50 MP) yet bounded: a 5 MB file may claim absurd dimensions. */
const maxImagePixels = 60_000_000;

/** Opens an image for decoding; a truncated or corrupt file fails instead of decoding in part. */
export const openImage = (data: Buffer) =>
  sharp(data, { failOn: 'truncated', limitInputPixels: maxImagePixels });

/**
 * The image as we serve it: decoded and encoded again without its metadata (EXIF with the camera
 * and often GPS, XMP, IPTC, comments) and without anything appended after the image data. The
 * EXIF orientation goes with the rest, so the pixels are turned upright first. Rejects when the
 * bytes do not decode as an image.
 */
export async function withoutMetadata(
  data: Buffer,
  format: 'jpeg' | 'png',
  /** Scaled down to fit a square of this many pixels, never up. */
  maxSide?: number,
): Promise<Buffer> {
  let upright = openImage(data).rotate();
  if (maxSide) {
    upright = upright.resize(maxSide, maxSide, { fit: 'inside', withoutEnlargement: true });
  }
  return format === 'jpeg'
    ? upright.jpeg({ quality: 90 }).toBuffer() // evidence: a little above sharp's default of 80
    : upright.png().toBuffer();
}
