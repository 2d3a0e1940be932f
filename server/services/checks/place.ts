import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import { findLga, findState, stateName } from '../../../reference/locations';
import lgaPoints from '../../../reference/nigeria-lga-hq.json';
import stateShapes from '../../../reference/nigeria-states.geo.json';
import { defaultPlaceMaxKm } from './placeSettings';
import type { CheckResult, Claim, PlaceCheck } from './types';

/**
 * The capture point against the claimed state and LGA, from the reference data in reference/
 * (nigeria-places.README.md names its sources): which state's shape holds the point, and how far
 * it is from the LGA's headquarters.
 */

export interface LatLng {
  lat: number;
  lng: number;
}

/** An LGA's point: the town it is named after (its seat), or the centre of its area. */
export interface LgaPlace extends LatLng {
  /** The town's name, or "Centre of X LGA" when the data has no town for it. */
  name: string;
  isTown: boolean;
  /** The claimed state's alias and the LGA's name as the reference data spell them. */
  stateAlias: string;
  lga: string;
}

type LgaPoint = LatLng & { town?: string };
const points = lgaPoints as Record<string, Record<string, LgaPoint>>;

interface StateShape {
  alias: string;
  polygons: number[][][][];
}
const shapes: StateShape[] = stateShapes.features.map((f) => ({
  alias: f.properties.alias,
  polygons: f.geometry.coordinates,
}));

/** A latitude and longitude on the globe; NaN and the infinities fail these comparisons too. */
const validPoint = (p: LatLng) => Math.abs(p.lat) <= 90 && Math.abs(p.lng) <= 180;

/** The LGA's headquarters (or its centre) for a state alias or name and an LGA in any case. */
export function placeOf(state: string, lga: string): LgaPlace | undefined {
  const alias = findState(state)?.alias;
  const name = alias && findLga(alias, lga);
  // Stryker disable next-line ConditionalExpression,OptionalChaining: every known LGA has a point (placeData.test.ts): no name, no point either way
  const point = name ? points[alias]?.[name] : undefined;
  // Stryker disable next-line LogicalOperator: no name, no point; `!name` narrows its type
  if (!point || !name) return undefined;
  return {
    lat: point.lat,
    lng: point.lng,
    name: point.town ?? `Centre of ${name} LGA`,
    isTown: point.town !== undefined,
    stateAlias: alias,
    lga: name,
  };
}

/** The alias of the state whose shape holds the point, if any (none: outside Nigeria). */
export function stateAt(point: LatLng): string | undefined {
  // Stryker disable next-line ConditionalExpression: an invalid point lies in no shape either; this spares the 37 tests of it
  if (!validPoint(point)) return undefined;
  return shapes.find((s) =>
    booleanPointInPolygon([point.lng, point.lat], {
      // Stryker disable next-line StringLiteral: turf reads any type but 'Polygon' as a MultiPolygon; the type says what the shapes are
      type: 'MultiPolygon',
      coordinates: s.polygons,
    }),
  )?.alias;
}

/** "Lagos State", "the Federal Capital Territory": how a sentence names a state. */
function stateInText(alias: string) {
  const state = findState(alias)!;
  return state.kind === 'state' ? `${state.name} State` : `the ${state.name}`;
}

/** Great-circle distance in kilometres (turf's haversine on the mean Earth radius). */
export const distanceKm = (a: LatLng, b: LatLng) =>
  // Stryker disable next-line ObjectLiteral: kilometres are turf's default unit; said for the reader
  distance([a.lng, a.lat], [b.lng, b.lat], { units: 'kilometers' });

/**
 * The place check; null when the claim names no known state and LGA or the point is no point.
 * `maxKm` is `PLACE_MAX_KM` (config.placeMaxKm).
 */
export function checkPlace(
  point: LatLng,
  claim: Claim,
  maxKm: number = defaultPlaceMaxKm,
): CheckResult<PlaceCheck> | null {
  const hq = placeOf(claim.stateAlias, claim.lga);
  if (!hq || !validPoint(point)) return null;
  const { stateAlias: alias, lga } = hq;

  const distanceKmRounded = Math.round(distanceKm(point, hq) * 10) / 10;
  const foundIn = stateAt(point);
  const inClaimedState = foundIn === alias;
  const claimed = `${lga}, ${stateName(alias)}`;
  const from = hq.isTown
    ? `${hq.name}, the headquarters of the claimed LGA (${claimed})`
    : `the centre of the claimed LGA (${claimed})`;
  const km = `${Math.round(distanceKmRounded)} km`;

  const warnings = [];
  if (!inClaimedState) {
    const where = foundIn ? `in ${stateInText(foundIn)}` : 'outside Nigeria';
    warnings.push({
      code: 'far_from_claimed_place' as const,
      message: `The capture point is ${where}, not in ${stateInText(alias)}: ${km} from ${from}.`,
    });
  } else if (distanceKmRounded > maxKm) {
    warnings.push({
      code: 'far_from_claimed_place' as const,
      message: `The capture point is ${km} from ${from}, more than ${maxKm} km.`,
    });
  }
  return {
    check: {
      distance_km: distanceKmRounded,
      in_claimed_state: inClaimedState,
      hq: { name: hq.name, lat: hq.lat, lng: hq.lng },
    },
    warnings,
  };
}
