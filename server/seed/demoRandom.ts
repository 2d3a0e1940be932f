/**
 * A seeded pseudo-random generator (mulberry32): every new data folder gets the same demo, so a
 * screenshot, a bug report or the README can point at "JOB-000012" and mean the same job.
 */
export function demoRandom(seed = 20_240_601) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  return {
    next,
    /** A number in [min, max). */
    between: (min: number, max: number) => min + next() * (max - min),
    /** A whole number in [min, max]. */
    int: (min: number, max: number) => min + Math.floor(next() * (max - min + 1)),
    pick: <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)]!,
    chance: (p: number) => next() < p,
  };
}

export type DemoRandom = ReturnType<typeof demoRandom>;
