import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../../server/config';
import { checkPlace, distanceKm, placeOf, stateAt } from '../../../server/services/checks/place';
import type { Claim } from '../../../server/services/checks/types';

const claim = (stateAlias: string, lga: string): Claim => ({
  subjectName: 'Adaeze Okafor',
  address: '14 Allen Avenue',
  stateAlias,
  lga,
});

// Real places (coordinates of their centres, to 4 decimals).
const allenAvenueIkeja = { lat: 6.6018, lng: 3.3515 };
const centralAbuja = { lat: 9.0579, lng: 7.4951 };
/** Ajah, on the Lekki peninsula: in Lagos State, about 30 km from Ikeja. */
const ajah = { lat: 6.4698, lng: 3.5852 };
/** Ifako, Lagos, next to the Ogun border; Ota, Ogun, across it. */
const ifako = { lat: 6.6442, lng: 3.3249 };
const ota = { lat: 6.6833, lng: 3.2333 };
const cotonou = { lat: 6.3654, lng: 2.4183 };

describe('checkPlace', () => {
  it('passes a capture in Ikeja claimed in Ikeja, with the headquarters for the map', () => {
    const result = checkPlace(allenAvenueIkeja, claim('lagos', 'Ikeja'))!;
    expect(result.warnings).toEqual([]);
    expect(result.check.in_claimed_state).toBe(true);
    expect(result.check.distance_km).toBeLessThan(3);
    expect(result.check.hq).toEqual({ name: 'Ikeja', lat: 6.5965, lng: 3.3421 });
  });

  it('flags a capture in Abuja claimed in Lagos, naming the state it is in and the distance', () => {
    const result = checkPlace(centralAbuja, claim('lagos', 'Ikeja'))!;
    expect(result.check.in_claimed_state).toBe(false);
    // Lagos–Abuja is about 530 km as the crow flies.
    expect(result.check.distance_km).toBeGreaterThan(520);
    expect(result.check.distance_km).toBeLessThan(545);
    expect(result.warnings).toEqual([
      {
        code: 'far_from_claimed_place',
        message:
          'The capture point is in the Federal Capital Territory, not in Lagos State: ' +
          `${Math.round(result.check.distance_km)} km from Ikeja, the headquarters of the claimed ` +
          'LGA (Ikeja, Lagos).',
      },
    ]);
  });

  it('flags a capture in the claimed state but 30 km from the headquarters', () => {
    const result = checkPlace(ajah, claim('lagos', 'Ikeja'))!;
    expect(result.check.in_claimed_state).toBe(true);
    expect(result.check.distance_km).toBeCloseTo(30.3, 0);
    expect(result.warnings).toEqual([
      {
        code: 'far_from_claimed_place',
        message:
          'The capture point is 30 km from Ikeja, the headquarters of the claimed LGA ' +
          '(Ikeja, Lagos), more than 25 km.',
      },
    ]);
  });

  it('tells the two sides of the Lagos–Ogun border apart, however near the headquarters', () => {
    const here = checkPlace(ifako, claim('lagos', 'Ifako-Ijaiye'))!;
    expect(here.check.in_claimed_state).toBe(true);
    expect(here.warnings).toEqual([]);

    const across = checkPlace(ota, claim('lagos', 'Ifako-Ijaiye'))!;
    expect(across.check.distance_km).toBeLessThan(25);
    expect(across.check.in_claimed_state).toBe(false);
    expect(across.warnings[0]?.message).toMatch(
      /^The capture point is in Ogun State, not in Lagos State: \d+ km from Ifako, the headquarters of the claimed LGA \(Ifako-Ijaiye, Lagos\)\.$/,
    );
  });

  it('says "the centre of the claimed LGA" where the data has no headquarters for it', () => {
    // Wudil, Kano State, about 36 km from the centre of Nasarawa LGA (Kano).
    const result = checkPlace({ lat: 11.81, lng: 8.84 }, claim('kano', 'Nasarawa'))!;
    expect(result.check.in_claimed_state).toBe(true);
    expect(result.check.hq.name).toBe('Centre of Nasarawa LGA');
    expect(result.warnings[0]?.message).toMatch(
      /^The capture point is 3\d km from the centre of the claimed LGA \(Nasarawa, Kano\), more than 25 km\.$/,
    );
  });

  it('says a point outside Nigeria is outside it', () => {
    const result = checkPlace(cotonou, claim('lagos', 'Badagry'))!;
    expect(result.check.in_claimed_state).toBe(false);
    expect(result.warnings[0]?.message).toMatch(
      /^The capture point is outside Nigeria, not in Lagos State/,
    );
  });

  it('honours the configured distance (PLACE_MAX_KM)', () => {
    expect(checkPlace(ajah, claim('lagos', 'Ikeja'), 31)!.warnings).toEqual([]);
    expect(checkPlace(ajah, claim('lagos', 'Ikeja'), 30)!.warnings[0]?.message).toContain(
      'more than 30 km',
    );
    expect(checkPlace(allenAvenueIkeja, claim('lagos', 'Ikeja'), 1)!.warnings).toHaveLength(1);
    // at the limit exactly is not farther than it
    const atLimit = checkPlace(ajah, claim('lagos', 'Ikeja'))!.check.distance_km;
    expect(checkPlace(ajah, claim('lagos', 'Ikeja'), atLimit)!.warnings).toEqual([]);

    const env = { DATA_DIR: '/tmp/place-check-test', JWT_SECRET: 'x'.repeat(32) };
    expect(loadConfig(env).placeMaxKm).toBe(25);
    expect(loadConfig({ ...env, PLACE_MAX_KM: '40' }).placeMaxKm).toBe(40);
    for (const bad of ['0', '-5', 'far', '2.5', '100000'])
      expect(() => loadConfig({ ...env, PLACE_MAX_KM: bad }), bad).toThrow(ConfigError);
  });

  it('reads the claimed state and LGA in any case and spelling the app accepts', () => {
    const canonical = checkPlace(ifako, claim('lagos', 'Ifako-Ijaiye'));
    expect(checkPlace(ifako, claim('Lagos', 'ifako ijaiye'))).toEqual(canonical);
    expect(
      checkPlace(centralAbuja, claim('FCT', 'abuja municipal area council'))!.warnings,
    ).toEqual([]);
  });

  it('answers null for an LGA or state it does not know, or a point that is none', () => {
    expect(checkPlace(allenAvenueIkeja, claim('lagos', 'Atlantis'))).toBeNull();
    expect(checkPlace(allenAvenueIkeja, claim('lagos', 'Bama'))).toBeNull(); // Borno's, not Lagos's
    expect(checkPlace(allenAvenueIkeja, claim('wakanda', 'Ikeja'))).toBeNull();
    for (const point of [
      { lat: Number.NaN, lng: 3.35 },
      { lat: 6.6, lng: Number.POSITIVE_INFINITY },
      { lat: 96.6, lng: 3.35 },
      { lat: 6.6, lng: -183.35 },
    ])
      expect(checkPlace(point, claim('lagos', 'Ikeja')), JSON.stringify(point)).toBeNull();
  });

  it('judges a point on the edge of the coordinates (a pole, the antimeridian) as outside Nigeria', () => {
    for (const point of [
      { lat: 90, lng: 3.35 },
      { lat: -90, lng: 3.35 },
      { lat: 6.6, lng: 180 },
      { lat: 6.6, lng: -180 },
    ]) {
      const result = checkPlace(point, claim('lagos', 'Ikeja'));
      expect(result?.check.in_claimed_state, JSON.stringify(point)).toBe(false);
      expect(result?.warnings[0]?.message).toMatch(/^The capture point is outside Nigeria/);
    }
  });
});

describe('placeOf and stateAt (also for the demo data)', () => {
  it("gives an LGA's headquarters town, or the centre of an LGA the data has no town for", () => {
    expect(placeOf('borno', 'Bama')).toMatchObject({ name: 'Bama', isTown: true });
    // the claim's state and LGA as the reference data spell them, whatever the claim's spelling
    expect(placeOf('Lagos', 'ifako ijaiye')).toMatchObject({
      stateAlias: 'lagos',
      lga: 'Ifako-Ijaiye',
    });
    // Seats not named after their LGA.
    expect(placeOf('abia', 'Ikwuano')).toMatchObject({ name: 'Isiala Oboro', isTown: true });
    expect(placeOf('ogun', 'Ado-Odo/Ota')).toMatchObject({ name: 'Ota', isTown: true });
    expect(placeOf('kano', 'Nasarawa')).toMatchObject({
      name: 'Centre of Nasarawa LGA',
      isTown: false,
    });
    expect(placeOf('lagos', 'Bama')).toBeUndefined();
  });

  it('finds the state a point lies in, and none outside Nigeria or for no point', () => {
    expect(stateAt(allenAvenueIkeja)).toBe('lagos');
    expect(stateAt(centralAbuja)).toBe('abuja');
    expect(stateAt(ota)).toBe('ogun');
    expect(stateAt(cotonou)).toBeUndefined();
    expect(stateAt({ lat: Number.NaN, lng: 0 })).toBeUndefined();
  });

  it('measures great-circle distances (one degree of latitude is about 111 km)', () => {
    expect(distanceKm({ lat: 6, lng: 3 }, { lat: 7, lng: 3 })).toBeCloseTo(111.2, 0);
    expect(distanceKm(allenAvenueIkeja, allenAvenueIkeja)).toBe(0);
  });
});
