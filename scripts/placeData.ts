import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import booleanPointInPolygon from '@turf/boolean-point-in-polygon';
import distance from '@turf/distance';
import pointOnFeature from '@turf/point-on-feature';
import simplify from '@turf/simplify';
import { states } from '../reference/locations';

/**
 * Makes the place check's reference data, reference/nigeria-states.geo.json and
 * reference/nigeria-lga-hq.json, from the sources that reference/nigeria-places.README.md names,
 * once: `npx tsx scripts/placeData.ts ADM1.geojson ADM2.geojson seats`. It prints the sources'
 * SHA-256 and what it could not match, and refuses to write when a state or an LGA of
 * reference/locations.ts is left without a shape or a point.
 */

const [adm1Path, adm2Path, seatsPath] = process.argv.slice(2);
if (!adm1Path || !adm2Path || !seatsPath) {
  console.error('usage: npx tsx scripts/placeData.ts ADM1.geojson ADM2.geojson seats');
  process.exit(2);
}
const outDir = path.resolve(import.meta.dirname, '../reference');

// The GeoJSON shapes read here (the `geojson` types, without depending on @types/geojson).
type Position = number[];
type Polygon = { type: 'Polygon'; coordinates: Position[][] };
type MultiPolygon = { type: 'MultiPolygon'; coordinates: Position[][][] };
type Feature<G, P> = { type: 'Feature'; geometry: G; properties: P };
type FeatureCollection<G, P> = { type: 'FeatureCollection'; features: Feature<G, P>[] };
type Area = Feature<Polygon | MultiPolygon, { shapeName: string }>;
const readText = (file: string) => {
  const text = readFileSync(file);
  console.log(`${path.basename(file)} sha256 ${createHash('sha256').update(text).digest('hex')}`);
  return text.toString('utf8');
};
const read = (file: string) => JSON.parse(readText(file)) as unknown;
const adm1 = read(adm1Path) as FeatureCollection<Polygon | MultiPolygon, { shapeName: string }>;
const adm2 = read(adm2Path) as FeatureCollection<Polygon | MultiPolygon, { shapeName: string }>;
/**
 * simplemaps' Nigerian seats of government, rows of `"city", "lat", "lng", "iso2", "state",
 * "capital"` (`primary`: the federal capital, `admin`: a state's, `minor`: an LGA's), read from
 * the list they were found in (README).
 */
const seatRow =
  /"city":\s*"([^"]+)",\s*"lat":\s*"([^"]+)",\s*"lng":\s*"([^"]+)",\s*"iso2":\s*"NG",\s*"state":\s*"([^"]+)",\s*"capital":\s*"(primary|admin|minor)"/g;
const seats = [...readText(seatsPath).matchAll(seatRow)].map(([, name, lat, lng, state, kind]) => ({
  name: name!,
  lat: Number(lat),
  lng: Number(lng),
  state: state!,
  kind: kind!,
}));
console.log(`seats read: ${seats.length}`);

/** Letters only, lower case: "Ado-Odo/Ota" and "Ado Odo Ota" meet. */
const norm = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFD')
    .replace(/[^a-z]/g, '');

/** geoBoundaries' spellings of states that differ from reference/locations.ts. */
const stateAliasOf = (shapeName: string) =>
  shapeName === 'Abuja Federal Capital Territory'
    ? 'abuja'
    : states.find((s) => norm(s.name) === norm(shapeName))?.alias;

// ---- States: simplified, rounded to 4 decimals (about 11 m) -------------------------------------
const round = (p: Position): Position => [
  Math.round(p[0]! * 1e4) / 1e4,
  Math.round(p[1]! * 1e4) / 1e4,
];
const roundRing = (ring: Position[]) => {
  const out: Position[] = [];
  for (const p of ring.map(round)) {
    const last = out[out.length - 1];
    if (!last || last[0] !== p[0] || last[1] !== p[1]) out.push(p);
  }
  return out;
};
/** Tolerance in degrees (≈ 220 m): borders move by at most that much. */
const tolerance = 0.002;

const stateShapes: Record<string, Position[][][]> = {};
for (const f of adm1.features) {
  const alias = stateAliasOf(f.properties.shapeName);
  if (!alias) throw new Error(`ADM1 ${f.properties.shapeName} is none of reference/'s states`);
  const simple = simplify(f, { tolerance, highQuality: true }) as Area;
  const polygons =
    simple.geometry.type === 'Polygon'
      ? [simple.geometry.coordinates]
      : simple.geometry.coordinates;
  stateShapes[alias] = polygons
    .map((poly) => poly.map(roundRing).filter((ring) => ring.length >= 4))
    .filter((poly) => poly.length > 0);
}
const missingStates = states.filter((s) => !stateShapes[s.alias]).map((s) => s.alias);
if (missingStates.length) throw new Error(`states without a shape: ${missingStates.join(', ')}`);

const stateOf = (lng: number, lat: number) =>
  Object.entries(stateShapes).find(([, polys]) =>
    booleanPointInPolygon([lng, lat], { type: 'MultiPolygon', coordinates: polys }),
  )?.[0];

// ---- LGAs: their shapes' states and names ---------------------------------------------------------
/** geoBoundaries' spellings that letters-only matching cannot meet, by state. */
const lgaSpellings: Record<string, Record<string, string>> = {
  abia: { 'Obi Nwga': 'Obi Ngwa', 'Osisioma Ngwa': 'Osisioma' },
  abuja: { 'Municipal Area Council': 'Abuja Municipal Area Council' },
  bauchi: { Dambam: 'Damban' },
  bayelsa: { Yenegoa: 'Yenagoa' },
  benue: { Oturkpo: 'Otukpo' },
  edo: { Iguegben: 'Igueben' },
  gombe: { Shomgom: 'Shongom' },
  imo: { Mbatoli: 'Mbaitoli' },
  kano: { 'Garun Malam': 'Garun Mallam', Nassarawa: 'Nasarawa' },
  kebbi: { Aleiro: 'Aliero', Bagudu: 'Bagudo', 'Wasagu-Danko': 'Danko-Wasagu' },
  lagos: { 'Ifako/Ijaye': 'Ifako-Ijaiye' },
  ogun: { Shagamu: 'Sagamu' },
  osun: {
    Ayedade: 'Aiyedaade',
    Ayedire: 'Aiyedire',
    'Ilesha East': 'Ilesa East',
    'Ilesha West': 'Ilesa West',
  },
  oyo: { Orelope: 'Oorelope' },
  rivers: { Emuoha: 'Emohua', Omumma: 'Omuma' },
  sokoto: { Wamakko: 'Wamako' },
};

interface Lga {
  feature: Area;
  stateAlias: string;
}
const lgaShapes = new Map<string, Lga>();
const unplaced: string[] = [];
for (const f of adm2.features) {
  const inner = pointOnFeature(f).geometry.coordinates;
  const alias = stateOf(inner[0]!, inner[1]!);
  if (!alias) {
    unplaced.push(f.properties.shapeName);
    continue;
  }
  const state = states.find((s) => s.alias === alias)!;
  const spelled = lgaSpellings[alias]?.[f.properties.shapeName] ?? f.properties.shapeName;
  const lga = state.lgas.find((l) => norm(l) === norm(spelled));
  if (!lga) {
    unplaced.push(`${f.properties.shapeName} (${alias})`);
    continue;
  }
  lgaShapes.set(`${alias}/${lga}`, { feature: f, stateAlias: alias });
}
const withoutShape = states.flatMap((s) =>
  s.lgas.filter((l) => !lgaShapes.has(`${s.alias}/${l}`)).map((l) => `${l} (${s.alias})`),
);
console.log(`ADM2 shapes not matched (${unplaced.length}):`, unplaced.join('; '));
console.log(`LGAs without a shape (${withoutShape.length}):`, withoutShape.join('; '));
if (unplaced.length || withoutShape.length) process.exit(1);

// ---- Headquarters: the seat of government in the LGA's shape, else the centre of the shape ------
/** "Aba North" → "aba", "Ijebu North East" → "ijebu": the town most such LGAs are named after. */
const baseName = (lga: string) =>
  norm(lga.replace(/\b(north|south|east|west|central|north east|north west|south west)\b/gi, ''));
const named = (town: string, lga: string) => {
  const t = norm(town);
  return [norm(lga), baseName(lga)].some(
    (n) =>
      n.length >= 3 &&
      (t === n || (n.length >= 4 && t.length >= 4 && (t.startsWith(n) || n.startsWith(t)))),
  );
};
/**
 * Inside the shape, or within 5 km of its edge: geoBoundaries' simplified edges and the seats'
 * points are each off by a few hundred metres, and a town of the LGA's name on its border (Bende) is
 * still its seat.
 */
const nearShape = (town: { lat: number; lng: number }, f: Area) => {
  if (booleanPointInPolygon([town.lng, town.lat], f)) return true;
  const polygons =
    f.geometry.type === 'Polygon' ? [f.geometry.coordinates] : f.geometry.coordinates;
  return polygons.some((poly) =>
    poly[0]!.some((v) => distance([town.lng, town.lat], v, { units: 'kilometers' }) < 5),
  );
};

const round4 = (n: number) => Math.round(n * 1e4) / 1e4;

/**
 * The LGA's centroid when it lies inside the LGA and its state (turf's pointOnFeature), else the
 * point nearest to it, on a 0.01° grid, that does: the ADM1 and ADM2 edges differ a little.
 */
function centre(feature: Area, alias: string): [number, number] {
  // Checked as written, rounded: a centroid on the border may round across it.
  const [cx, cy] = (pointOnFeature(feature).geometry.coordinates as [number, number]).map(round4);
  if (stateOf(cx!, cy!) === alias) return [cx!, cy!];
  const polygons =
    feature.geometry.type === 'Polygon'
      ? [feature.geometry.coordinates]
      : feature.geometry.coordinates;
  const xs = polygons.flatMap((poly) => poly[0]!.map((p) => p[0]!));
  const ys = polygons.flatMap((poly) => poly[0]!.map((p) => p[1]!));
  const [minX, minY, maxX, maxY] = [
    Math.min(...xs),
    Math.min(...ys),
    Math.max(...xs),
    Math.max(...ys),
  ];
  let best: [number, number] | undefined;
  const far = (p: [number, number]) => (p[0] - cx!) ** 2 + (p[1] - cy!) ** 2;
  for (let x = minX; x <= maxX; x += 0.01)
    for (let y = minY; y <= maxY; y += 0.01) {
      const p: [number, number] = [round4(x), round4(y)];
      if (
        (!best || far(p) < far(best)) &&
        booleanPointInPolygon(p, feature) &&
        stateOf(p[0], p[1]) === alias
      )
        best = p;
    }
  if (!best) throw new Error(`no point of ${feature.properties.shapeName} lies in ${alias}`);
  return best;
}
type Seat = (typeof seats)[number];
const stateOfSeat = (seat: Seat) =>
  seat.state === 'Federal Capital Territory' ? 'abuja' : stateAliasOf(seat.state);

// Each seat goes to the LGA of its state whose shape holds it, else to the one within 5 km of it.
const seatsOf = new Map<string, Seat[]>();
let strays = 0;
for (const seat of seats) {
  const alias = stateOfSeat(seat);
  const state = states.find((s) => s.alias === alias);
  if (!state || stateOf(seat.lng, seat.lat) !== alias) {
    strays++;
    continue;
  }
  const shapeOf = (lga: string) => lgaShapes.get(`${state.alias}/${lga}`)!.feature;
  const lga =
    state.lgas.find((l) => booleanPointInPolygon([seat.lng, seat.lat], shapeOf(l))) ??
    state.lgas.find((l) => nearShape(seat, shapeOf(l)));
  if (!lga) {
    strays++;
    continue;
  }
  const key = `${state.alias}/${lga}`;
  seatsOf.set(key, [...(seatsOf.get(key) ?? []), seat]);
}

/** `town`: the seat of government taken as the LGA's; without it, the point is the LGA's centre. */
type Hq = { lat: number; lng: number; town?: string };
const hqs: Record<string, Record<string, Hq>> = {};
const how = { onlySeat: 0, namedSeat: 0, nearestOfSeveral: 0, namedNearby: 0, centre: 0 };
for (const s of states) {
  hqs[s.alias] = {};
  for (const lga of s.lgas) {
    const { feature } = lgaShapes.get(`${s.alias}/${lga}`)!;
    const inside = seatsOf.get(`${s.alias}/${lga}`) ?? [];
    const [cx, cy] = pointOnFeature(feature).geometry.coordinates as [number, number];
    const fromCentre = (t: Seat) => distance([cx, cy], [t.lng, t.lat]);
    let seat: Seat | undefined;
    if ((seat = inside.find((t) => named(t.name, lga)))) how.namedSeat++;
    else if (inside.length === 1 && (seat = inside[0])) how.onlySeat++;
    else if ((seat = [...inside].sort((x, y) => fromCentre(x) - fromCentre(y))[0]))
      how.nearestOfSeveral++;
    // A city split into LGAs (Aba North, Aba South) has one seat, in one of them.
    else if (
      (seat = seats.find(
        (t) =>
          stateOfSeat(t) === s.alias &&
          named(t.name, lga) &&
          nearShape(t, feature) &&
          stateOf(t.lng, t.lat) === s.alias,
      ))
    )
      how.namedNearby++;
    else how.centre++;
    const [lng, lat] = seat ? [seat.lng, seat.lat] : centre(feature, s.alias);
    hqs[s.alias]![lga] = { lat: round4(lat), lng: round4(lng), ...(seat && { town: seat.name }) };
  }
}
console.log(`seats outside their state or any LGA: ${strays}`);
console.log('headquarters:', how);

// ---- State capitals, for the data's own checks (tests/server/checks/placeData.test.ts) -----------
const capitals: Record<string, string> = {
  abia: 'Umuahia',
  adamawa: 'Yola',
  akwa_ibom: 'Uyo',
  anambra: 'Awka',
  bauchi: 'Bauchi',
  bayelsa: 'Yenagoa',
  benue: 'Makurdi',
  borno: 'Maiduguri',
  cross_river: 'Calabar',
  delta: 'Asaba',
  ebonyi: 'Abakaliki',
  edo: 'Benin City',
  ekiti: 'Ado-Ekiti',
  enugu: 'Enugu',
  abuja: 'Abuja',
  gombe: 'Gombe',
  imo: 'Owerri',
  jigawa: 'Dutse',
  kaduna: 'Kaduna',
  kano: 'Kano',
  katsina: 'Katsina',
  kebbi: 'Birnin Kebbi',
  kogi: 'Lokoja',
  kwara: 'Ilorin',
  lagos: 'Ikeja',
  nasarawa: 'Lafia',
  niger: 'Minna',
  ogun: 'Abeokuta',
  ondo: 'Akure',
  osun: 'Osogbo',
  oyo: 'Ibadan',
  plateau: 'Jos',
  rivers: 'Port Harcourt',
  sokoto: 'Sokoto',
  taraba: 'Jalingo',
  yobe: 'Damaturu',
  zamfara: 'Gusau',
};
const capitalPoints: Record<string, { name: string; lat: number; lng: number }> = {};
for (const s of states) {
  const name = capitals[s.alias]!;
  const town = seats.find(
    (t) => norm(t.name) === norm(name) && t.kind !== 'minor' && stateOfSeat(t) === s.alias,
  );
  if (!town) throw new Error(`no state capital named ${name} for ${s.alias}`);
  capitalPoints[s.alias] = { name, lat: round4(town.lat), lng: round4(town.lng) };
}

const statesOut = {
  type: 'FeatureCollection',
  features: states.map((s) => ({
    type: 'Feature',
    properties: { alias: s.alias, capital: capitalPoints[s.alias] },
    geometry: { type: 'MultiPolygon', coordinates: stateShapes[s.alias] },
  })),
};
const write = (name: string, value: unknown) => {
  const text = `${JSON.stringify(value)}\n`;
  writeFileSync(path.join(outDir, name), text);
  console.log(`${name}: ${(text.length / 1024).toFixed(0)} KB`);
};
write('nigeria-states.geo.json', statesOut);
write('nigeria-lga-hq.json', hqs);
