import { cameraMessages } from './messages';

/** Photos are sent at most this many pixels on their long side. */
export const maxPhotoSide = 1280;
/** ...and at most about this many bytes each. */
export const maxPhotoBytes = 300 * 1024;
/** JPEG qualities tried in turn until the photo is small enough. */
export const jpegQualities = [0.85, 0.75, 0.65, 0.55, 0.45, 0.35] as const;
/** If even the lowest quality is too big, the long side shrinks through these. */
const fallbackSides = [1024, 800] as const;

export interface Size {
  width: number;
  height: number;
}

/** The size of a width × height image scaled down (never up) to fit `max` on its long side. */
export function fitWithin(width: number, height: number, max: number = maxPhotoSide): Size {
  if (!(width > 0) || !(height > 0)) return { width: 0, height: 0 };
  const scale = Math.min(1, max / Math.max(width, height));
  return {
    width: Math.max(1, Math.round(width * scale)),
    height: Math.max(1, Math.round(height * scale)),
  };
}

export class CanvasUnsupportedError extends Error {
  constructor() {
    super(cameraMessages.noCanvas);
    this.name = 'CanvasUnsupportedError';
  }
}

export class CameraNotReadyError extends Error {
  constructor() {
    super('The camera is not ready yet. Wait a moment and press Capture image again.');
    this.name = 'CameraNotReadyError';
  }
}

/** A 2D canvas context, or the spec's "Canvas is not supported." */
export function canvas2d(): { canvas: HTMLCanvasElement; ctx: CanvasRenderingContext2D } {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) throw new CanvasUnsupportedError();
  return { canvas, ctx };
}

const toBlob = (canvas: HTMLCanvasElement, quality: number) =>
  new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/jpeg', quality));

/**
 * Draws `source` scaled to fit 1280 px and encodes it as JPEG, stepping the quality down (then the
 * size) until it is at most about 300 KB.
 */
export async function encodeJpeg(source: CanvasImageSource, srcW: number, srcH: number) {
  const { canvas, ctx } = canvas2d();
  let last: Blob | null = null;
  for (const side of [maxPhotoSide, ...fallbackSides]) {
    const { width, height } = fitWithin(srcW, srcH, side);
    canvas.width = width;
    canvas.height = height;
    ctx.drawImage(source, 0, 0, width, height);
    for (const q of jpegQualities) {
      last = await toBlob(canvas, q);
      if (!last) throw new CanvasUnsupportedError();
      if (last.size <= maxPhotoBytes) return last;
    }
  }
  return last!;
}

/** A photo ready to keep and send: the JPEG bytes, and the same JPEG as a data URL (spec §2). */
export interface Photo {
  bytes: ArrayBuffer;
  dataUrl: string;
}

const dataUrlOf = (blob: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(reader.result as string);
    reader.onerror = () => reject(reader.error ?? new Error('The photo could not be read'));
    reader.readAsDataURL(blob);
  });

/** Takes a photo from the live video (not mirrored, whatever the preview shows). */
export async function takePhoto(video: HTMLVideoElement | null | undefined): Promise<Photo> {
  canvas2d(); // "Canvas is not supported." before anything else
  if (!video || !video.videoWidth || !video.videoHeight) throw new CameraNotReadyError();
  const blob = await encodeJpeg(video, video.videoWidth, video.videoHeight);
  return { bytes: await blob.arrayBuffer(), dataUrl: await dataUrlOf(blob) };
}
