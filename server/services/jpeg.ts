import { openImage } from './images';
import { differenceHash } from './perceptualHash';

/** A JPEG by its first bytes (SOI marker followed by another marker), whatever its name or type. */
export const hasJpegMagic = (data: Buffer) =>
  data.length >= 4 && data[0] === 0xff && data[1] === 0xd8 && data[2] === 0xff;

export interface PhotoFacts {
  width: number;
  height: number;
  /** 64-bit difference hash as a signed bigint (what PostgreSQL's bigint holds). */
  phash: bigint;
}

/**
 * Decodes a JPEG (libvips through sharp, off the event loop) for its size and perceptual hash.
 * Undefined when the bytes start like a JPEG but do not decode (truncated or corrupt).
 */
export async function inspectJpeg(data: Buffer): Promise<PhotoFacts | undefined> {
  try {
    const image = openImage(data);
    const meta = await image.metadata();
    if (meta.format !== 'jpeg' || !meta.width || !meta.height) return undefined;
    return {
      width: meta.autoOrient?.width ?? meta.width,
      height: meta.autoOrient?.height ?? meta.height,
      phash: await differenceHash(data),
    };
  } catch {
    return undefined;
  }
}
