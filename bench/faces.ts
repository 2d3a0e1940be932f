import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import sharp from 'sharp';
import { selfiePhoto } from '../server/seed/demoImages';
import { demoRandom } from '../server/seed/demoRandom';
import { createFaceChecker } from '../server/services/checks/face';
import { faceLimits } from '../server/services/checks/faceModel';
import { fmt, markdownTable, median, quantile } from './report';

/**
 * BENCH_ONLY=faces: how the face check does, on real photos of people.
 * - Always: the group photos shipped in @vladmandic/face-api's package (demo/sample1-6.jpg) and
 *   40 drawn demo selfies; time and memory per selfie through the real worker thread.
 * - With a folder (FACES_DIR=<dir>, or the first argument): the photos of vladmandic/human's
 *   `samples/in/` (MIT-licensed repository; not copied here), labelled below by person, for the
 *   detector's threshold and the false match and false non-match rates of the agent match.
 */

/** The real photos of vladmandic/human's samples/in, by what they show (labels given by eye). */
const human = {
  /** One person each; the same key is the same person. */
  people: {
    ...Object.fromEntries(
      [1, 2, 3, 4, 5, 6, 7, 8].flatMap((i) => [
        [`stock-emotions-a-${i}.jpg`, 'emotions-a'],
        [`stock-emotions-b-${i}.jpg`, 'emotions-b'],
      ]),
    ),
    'person-vlado.jpg': 'vlado',
    'person-vlado1.jpg': 'vlado',
    'person-vlado5.jpg': 'vlado',
    'stock-teen-1.jpg': 'teen-a',
    'stock-teen-2.jpg': 'teen-a',
    'stock-teen-3.jpg': 'teen-a',
    'stock-teen-4.jpg': 'teen-a',
    ...Object.fromEntries(
      [
        'person-celeste',
        'person-christina',
        'person-lauren',
        'person-lexi',
        'person-linda',
        'person-nicole',
        'person-tasia',
        'person-tetiana',
        'stock-teen-5',
        'stock-teen-6',
        'stock-teen-7',
        'stock-teen-8',
        ...[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 14, 15, 16].map((i) => `stock-models-${i}`),
      ].map((name) => [`${name}.jpg`, name]),
    ),
  } as Record<string, string>,
  /** Two people or more. */
  groups: [
    ...[1, 2, 3, 4, 5, 6, 7].map((i) => `group-${i}.jpg`),
    'solvay1927.jpg',
    'stock-group-1.jpg',
    'stock-group-2.jpg',
    'stock-models-11.jpg',
    'stock-models-12.jpg',
    'stock-models-13.jpg',
  ],
  /** No one. */
  empty: ['background.jpg'],
};

const packageSamples = path.join(
  path.dirname(createRequire(import.meta.url).resolve('@vladmandic/face-api/package.json')),
  'demo',
);

const pct = (n: number, of: number) => `${fmt((100 * n) / of, 1)} % (${n}/${of})`;

/** A photo as the capture wizard sends it: at most 1280 px, JPEG quality 80. */
const asUploaded = (bytes: Buffer) =>
  sharp(bytes)
    .rotate()
    .resize(1280, 1280, { fit: 'inside', withoutEnlargement: true })
    .jpeg({ quality: 80 })
    .toBuffer();

/** Plain and grained walls: pictures with no one in them. */
async function walls() {
  const out: Buffer[] = [];
  for (const [i, colour] of ['#b9a58c', '#d8d2c4', '#6f7f8f', '#a86b4c'].entries()) {
    const r = demoRandom(100 + i);
    const grain = Uint8Array.from({ length: 480 * 640 }, () => r.int(80, 175));
    out.push(
      await sharp({ create: { width: 480, height: 640, channels: 3, background: colour } })
        .composite([
          {
            input: Buffer.from(grain),
            raw: { width: 480, height: 640, channels: 1 },
            blend: 'overlay',
          },
        ])
        .jpeg({ quality: 80 })
        .toBuffer(),
    );
  }
  return out;
}

interface Measured {
  /** Detector scores of everything found from 0.1 on. */
  scores: number[];
  /** The largest face's descriptor. */
  descriptor: Float32Array | null;
}

export async function benchFaces(folder = process.env.FACES_DIR ?? process.argv[2]) {
  const lines: string[] = ['## Face check (BENCH_ONLY=faces)', ''];
  const demo = await Promise.all(
    Array.from({ length: 40 }, (_, i) => selfiePhoto(demoRandom(i + 1))),
  );
  const groupSamples = [1, 2, 3, 4, 5, 6].map((i) =>
    readFileSync(path.join(packageSamples, `sample${i}.jpg`)),
  );
  const haveHuman = !!folder && existsSync(path.join(folder, 'person-vlado.jpg'));
  const read = (name: string) => readFileSync(path.join(folder!, name));
  const portraits = haveHuman
    ? await Promise.all(Object.keys(human.people).map((name) => asUploaded(read(name))))
    : [];

  // Time and memory through the real checker: its worker thread, one selfie at a time.
  const rssBefore = process.memoryUsage().rss;
  let rssPeak = rssBefore;
  const sample = () => (rssPeak = Math.max(rssPeak, process.memoryUsage().rss));
  const timer = setInterval(sample, 50);
  const checker = createFaceChecker();
  const timeOf = async (selfie: Uint8Array, agent: Uint8Array | null) => {
    const t = performance.now();
    await checker.check(selfie, agent);
    return performance.now() - t;
  };
  const cold = await timeOf(demo[0]!, null);
  const selfies = [...demo.slice(1, 21), ...portraits.slice(0, 20)];
  const alone: number[] = [];
  for (const s of selfies) alone.push(await timeOf(s, null));
  const paired: number[] = [];
  for (const [i, s] of selfies.entries())
    paired.push(await timeOf(s, selfies[(i + 7) % selfies.length]!));
  sample();
  clearInterval(timer);
  await checker.close();
  lines.push(
    `Time per selfie through the worker thread (one at a time, ${selfies.length} selfies: drawn demo selfies 480 × 640${portraits.length ? ' and real portraits at the wizard’s 1280 px' : ''}), on this 2-core machine:`,
    '',
    ...markdownTable([
      ['', 'median ms', 'p95 ms'],
      ['first selfie (starts the worker, loads the models)', fmt(cold), '—'],
      ['faces counted', fmt(median(alone)), fmt(quantile(alone, 0.95))],
      [
        "faces counted and compared with an agent's photo",
        fmt(median(paired)),
        fmt(quantile(paired, 0.95)),
      ],
    ]),
    '',
    `Memory: the process grew by ${fmt((rssPeak - rssBefore) / 2 ** 20)} MB (resident, peak) with the worker running.`,
    '',
  );

  // The detector's scores and the descriptors, measured once, then judged at several thresholds.
  const { decode, describe, detect } = await import('../server/services/checks/faceEngine');
  const measure = async (bytes: Uint8Array): Promise<Measured> => {
    const t = await decode(bytes, 'photo');
    try {
      const scores = await detect(t, 0.1);
      const faces = await describe(t, faceLimits.minConfidence);
      return { scores, descriptor: faces[0]?.descriptor ?? null };
    } finally {
      t.dispose();
    }
  };
  const measureAll = async (list: Uint8Array[]) => {
    const out: Measured[] = [];
    for (const b of list) out.push(await measure(b));
    return out;
  };
  const sets: { name: string; expect: 'one' | 'several' | 'none'; items: Measured[] }[] = [
    { name: 'drawn demo selfies', expect: 'one', items: await measureAll(demo) },
    {
      name: "face-api's package group photos",
      expect: 'several',
      items: await measureAll(groupSamples),
    },
    {
      name: 'walls made here (plain, grained)',
      expect: 'none',
      items: await measureAll(await walls()),
    },
  ];
  let people: Measured[] = [];
  if (haveHuman) {
    people = await measureAll(portraits);
    sets.push(
      { name: 'human samples: one person', expect: 'one', items: people },
      {
        name: 'human samples: groups',
        expect: 'several',
        items: await measureAll(await Promise.all(human.groups.map((n) => asUploaded(read(n))))),
      },
      {
        name: 'human samples: no one',
        expect: 'none',
        items: await measureAll(await Promise.all(human.empty.map((n) => asUploaded(read(n))))),
      },
    );
  }
  const thresholds = [0.3, 0.4, 0.5, 0.6];
  const wrong = (expect: string, faces: number) =>
    expect === 'one' ? faces !== 1 : expect === 'several' ? faces < 2 : faces !== 0;
  lines.push(
    `Faces counted, by the detector's threshold (chosen: ${faceLimits.minConfidence}); a cell is the photos counted wrong (one person: not 1; groups: fewer than 2; no one: not 0):`,
    '',
    ...markdownTable([
      ['set', 'photos', ...thresholds.map((t) => `from ${t}`)],
      ...sets.map((s) => [
        s.name,
        String(s.items.length),
        ...thresholds.map((t) =>
          String(
            s.items.filter((m) => wrong(s.expect, m.scores.filter((x) => x >= t).length)).length,
          ),
        ),
      ]),
    ]),
    '',
  );
  const one = sets.filter((s) => s.expect === 'one').flatMap((s) => s.items);
  const firsts = one.map((m) => m.scores[0] ?? 0);
  const seconds = one.map((m) => m.scores[1] ?? 0);
  lines.push(
    `On the photos of one person, the face scored from ${fmt(Math.min(...firsts), 2)}, and the best other region at most ${fmt(Math.max(...seconds), 2)}: the threshold sits between.`,
    '',
  );

  if (!haveHuman) {
    lines.push(
      "The agent match was not measured: give the folder of vladmandic/human's `samples/in/` (FACES_DIR or the first argument).",
    );
    return lines.join('\n');
  }
  const names = Object.keys(human.people);
  const genuine: number[] = [];
  const impostor: number[] = [];
  let skipped = 0;
  for (let i = 0; i < names.length; i++)
    for (let j = i + 1; j < names.length; j++) {
      const [a, b] = [people[i]!.descriptor, people[j]!.descriptor];
      if (!a || !b) {
        skipped++;
        continue;
      }
      const d = Math.hypot(...a.map((x, k) => x - b[k]!));
      (human.people[names[i]!] === human.people[names[j]!] ? genuine : impostor).push(d);
    }
  const persons = new Set(Object.values(human.people));
  const repeated = [...persons].filter(
    (p) => Object.values(human.people).filter((q) => q === p).length > 1,
  );
  lines.push(
    `Agent match on ${names.length} real photos of ${persons.size} people (vladmandic/human samples/in: ${repeated.length} people with several photos: ${repeated.join(', ')}); ${genuine.length} same-person pairs, ${impostor.length} different-person pairs${skipped ? `, ${skipped} pairs left out where a photo had no face from ${faceLimits.minConfidence}` : ''}. A false match is a different person let through (no selfie_not_agent), a false non-match is the same person warned:`,
    '',
    ...markdownTable([
      ['distance threshold', 'score threshold', 'false match rate', 'false non-match rate'],
      ...[0.5, 0.55, 0.6, 0.65].map((t) => [
        t === faceLimits.matchDistance ? `**${t}** (chosen)` : String(t),
        fmt(1 - t / (2 * faceLimits.matchDistance), 2),
        pct(impostor.filter((d) => d <= t).length, impostor.length),
        pct(genuine.filter((d) => d > t).length, genuine.length),
      ]),
    ]),
    '',
    'The set is small and narrow: mostly young women of light skin, two of the same-person sets in studio light with strong expressions, and no photo of a Nigerian; the rates on the agents who will use this are not known from it.',
  );
  return lines.join('\n');
}
