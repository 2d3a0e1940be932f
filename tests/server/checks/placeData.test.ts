import { describe, expect, it } from 'vitest';
import { states } from '../../../reference/locations';
import lgaPoints from '../../../reference/nigeria-lga-hq.json';
import stateShapes from '../../../reference/nigeria-states.geo.json';
import { placeOf, stateAt } from '../../../server/services/checks/place';

// The place check's reference data (reference/nigeria-places.README.md), checked against the
// project's own list of states and LGAs and against itself.

type Ring = number[][];
const features = stateShapes.features;
const rings: { alias: string; ring: Ring }[] = features.flatMap((f) =>
  f.geometry.coordinates.flatMap((polygon) =>
    polygon.map((ring) => ({ alias: f.properties.alias, ring })),
  ),
);

/** Twice the signed area (shoelace), in square degrees. */
const area2 = (ring: Ring) =>
  ring.slice(1).reduce((sum, p, i) => sum + ring[i]![0]! * p[1]! - p[0]! * ring[i]![1]!, 0);

/** Whether segments ab and cd cross (touching ends excluded). */
function cross(a: number[], b: number[], c: number[], d: number[]) {
  const o = (p: number[], q: number[], r: number[]) =>
    Math.sign((q[0]! - p[0]!) * (r[1]! - p[1]!) - (q[1]! - p[1]!) * (r[0]! - p[0]!));
  return o(a, b, c) * o(a, b, d) < 0 && o(c, d, a) * o(c, d, b) < 0;
}
function selfCrossings(ring: Ring) {
  let count = 0;
  const n = ring.length - 1;
  for (let i = 0; i < n; i++)
    for (let j = i + 2; j < n; j++) {
      if (i === 0 && j === n - 1) continue; // the closing segment meets the first
      if (cross(ring[i]!, ring[i + 1]!, ring[j]!, ring[j + 1]!)) count++;
    }
  return count;
}

describe('the state shapes', () => {
  it('cover the 36 states and the FCT of reference/, once each', () => {
    expect(features.map((f) => f.properties.alias).sort()).toEqual(
      states.map((s) => s.alias).sort(),
    );
  });

  it('are closed rings of at least four points with an area, none crossing itself', () => {
    expect(rings.length).toBeGreaterThanOrEqual(37);
    for (const { alias, ring } of rings) {
      expect(ring.length, alias).toBeGreaterThanOrEqual(4);
      expect(ring[0], alias).toEqual(ring[ring.length - 1]);
      expect(Math.abs(area2(ring)), alias).toBeGreaterThan(0);
      expect(selfCrossings(ring), alias).toBe(0);
    }
  });

  it("stay within Nigeria's extent (latitude 4–14, longitude 2.6–14.7)", () => {
    const all = rings.flatMap(({ ring }) => ring);
    const lats = all.map((p) => p[1]!);
    const lngs = all.map((p) => p[0]!);
    expect(Math.min(...lats)).toBeGreaterThanOrEqual(4);
    expect(Math.max(...lats)).toBeLessThanOrEqual(14);
    expect(Math.min(...lngs)).toBeGreaterThanOrEqual(2.6);
    expect(Math.max(...lngs)).toBeLessThanOrEqual(14.7);
  });

  it("hold each state's capital, and no other state does", () => {
    for (const f of features) {
      const { alias, capital } = f.properties;
      expect(stateAt(capital), `${capital.name} (${alias})`).toBe(alias);
    }
  });
});

describe("the LGAs' headquarters", () => {
  it("give every one of reference/'s 774 LGAs a point, and nothing else", () => {
    const listed = Object.entries(lgaPoints).flatMap(([alias, lgas]) =>
      Object.keys(lgas).map((lga) => `${alias}/${lga}`),
    );
    const expected = states.flatMap((s) => s.lgas.map((lga) => `${s.alias}/${lga}`));
    expect(expected).toHaveLength(774);
    expect(listed.sort()).toEqual(expected.sort());
    for (const s of states)
      for (const lga of s.lgas) expect(placeOf(s.alias, lga), `${lga} (${s.alias})`).toBeDefined();
  });

  it("lie inside their own state's shape", () => {
    const outside = states.flatMap((s) =>
      s.lgas
        .filter((lga) => stateAt(placeOf(s.alias, lga)!) !== s.alias)
        .map((lga) => `${lga} (${s.alias}): in ${stateAt(placeOf(s.alias, lga)!) ?? 'none'}`),
    );
    expect(outside).toEqual([]);
  });
});
