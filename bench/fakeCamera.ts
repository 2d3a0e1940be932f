import { writeFileSync } from 'node:fs';

/**
 * A Y4M clip for Chromium's `--use-file-for-fake-video-capture`: a 1280×720 scene with fine,
 * irregular detail, so the wizard's JPEGs come out as large as photos of a real house or bill
 * (the built-in fake camera's flat frames encode to ~13 KB). Deterministic: same bytes every run.
 */
export function writeDetailedClip(file: string, frames = 2) {
  const width = 1280;
  const height = 720;
  let seed = 42;
  const noise = () => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed / 0x7fffffff - 0.5;
  };
  const clamp = (v: number) => Math.max(0, Math.min(255, Math.round(v)));
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F30:1 Ip A1:1 C420jpeg\n`)];
  for (let f = 0; f < frames; f++) {
    const y = Buffer.alloc(width * height);
    for (let j = 0; j < height; j++)
      for (let i = 0; i < width; i++)
        y[j * width + i] = clamp(
          128 +
            50 * Math.sin(i / 37 + f) * Math.cos(j / 23) +
            30 * Math.sin((i + j) / 5) +
            60 * noise(),
        );
    const chroma = () => {
      const c = Buffer.alloc((width / 2) * (height / 2));
      for (let k = 0; k < c.length; k++) c[k] = clamp(128 + 20 * Math.sin(k / 300) + 16 * noise());
      return c;
    };
    parts.push(Buffer.from('FRAME\n'), y, chroma(), chroma());
  }
  writeFileSync(file, Buffer.concat(parts));
}
