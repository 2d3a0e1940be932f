import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { selfiePhoto } from '../../../server/seed/demoImages';
import { demoRandom } from '../../../server/seed/demoRandom';
import { createFaceChecker } from '../../../server/services/checks/face';

/**
 * Real detection in the real worker thread, on real photos: the group photos that ship in the
 * face library's npm package (demo/sample*.jpg, MIT-licensed package), read from node_modules and
 * never copied into the repository. Single faces are cut out of them.
 */
const samples = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);
const group = readFileSync(path.join(samples, 'sample1.jpg')); // three women side by side, 1920 × 1280

/** A portrait cut around one of the group's faces, given by its centre as fractions of the photo. */
const portrait = (x: number, y: number, options: { scale?: number; mirror?: boolean } = {}) => {
  const w = Math.round(384 * (options.scale ?? 1));
  const h = Math.round(576 * (options.scale ?? 1));
  const picture = sharp(group).extract({
    left: Math.round(x * 1920 - w / 2),
    top: Math.max(0, Math.round(y * 1280 - h * 0.35)),
    width: w,
    height: h,
  });
  return (options.mirror ? picture.flop().modulate({ brightness: 0.8 }) : picture)
    .jpeg({ quality: 80 })
    .toBuffer();
};
const right = { x: 0.82, y: 0.248 };
const middle = { x: 0.485, y: 0.415 };

const checker = createFaceChecker();
afterAll(() => checker.close());

describe('the face check', () => {
  it('counts one face in a portrait, several in a group, none on a wall', async () => {
    const one = await checker.check(await portrait(right.x, right.y), null);
    expect(one).toEqual({ check: { faces: 1 }, warnings: [] });

    const three = await checker.check(group, null);
    expect(three.check.faces).toBe(3);
    expect(three.warnings).toEqual([
      { code: 'several_faces', message: 'The selfie shows 3 faces where one was expected' },
    ]);

    const wall = await sharp({
      create: { width: 480, height: 640, channels: 3, background: '#b9a58c' },
    })
      .composite([
        {
          input: Buffer.from(noise(480, 640)),
          raw: { width: 480, height: 640, channels: 1 },
          blend: 'overlay',
        },
      ])
      .jpeg()
      .toBuffer();
    expect(await checker.check(wall, null)).toEqual({
      check: { faces: 0 },
      warnings: [{ code: 'no_face', message: 'No face was found in the selfie' }],
    });
  });

  it("matches the same person and tells another person apart from the agent's photo", async () => {
    const agent = await portrait(right.x, right.y, { scale: 1.3, mirror: true });
    const same = await checker.check(await portrait(right.x, right.y), agent);
    expect(same.check.faces).toBe(1);
    expect(same.check.agent_match_score).toBeGreaterThan(0.7);
    expect(same.warnings).toEqual([]);

    const other = await checker.check(await portrait(middle.x, middle.y), agent);
    expect(other.check.agent_match_score).toBeLessThan(0.5);
    expect(other.warnings.map((w) => w.code)).toEqual(['selfie_not_agent']);
  });

  it('finds the face of a drawn demo selfie', async () => {
    const selfie = await selfiePhoto(demoRandom(3));
    expect((await checker.check(selfie, null)).check.faces).toBe(1);
  });

  it('fails with a clear error on a broken JPEG, and goes on with the next selfie', async () => {
    const broken = (await portrait(right.x, right.y)).subarray(0, 300);
    await expect(checker.check(broken, null)).rejects.toThrow('The selfie is not a readable image');
    const agentBroken = checker.check(await portrait(right.x, right.y), new Uint8Array([1, 2, 3]));
    await expect(agentBroken).rejects.toThrow("The agent's photo is not a readable image");
    expect((await checker.check(await portrait(middle.x, middle.y), null)).check.faces).toBe(1);
  });

  it('ends its worker thread on close, and refuses work after', async () => {
    const own = createFaceChecker();
    await own.check(await portrait(middle.x, middle.y), null);
    const before = threads();
    await own.close();
    expect(threads()).toBeLessThan(before);
    await expect(own.check(group, null)).rejects.toThrow('The face check is closed');
  });
});

/** The threads of this process (Linux): a worker thread is one, with V8's helpers for it. */
const threads = () =>
  Number(/^Threads:\s+(\d+)/m.exec(readFileSync('/proc/self/status', 'utf8'))![1]);

/** Grey grain, as a plastered wall shows it. */
function noise(w: number, h: number) {
  const r = demoRandom(7);
  return Uint8Array.from({ length: w * h }, () => r.int(90, 165));
}
