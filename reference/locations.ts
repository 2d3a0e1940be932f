/**
 * Nigeria's 36 states and the Federal Capital Territory with their 774 LGAs (DESIGN §3), shared by
 * the API (validation) and the web app (state and LGA pickers). A state travels on the wire as its
 * alias (`lagos`, `abuja`, `akwa_ibom`); an LGA as its name, matched without regard to case and
 * answered in its canonical spelling. LGA names repeat across states, so an LGA is always looked
 * up within its state.
 */
import data from './nigeria-states-lgas.json';

export interface NigerianState {
  alias: string;
  name: string;
  iso_3166_2: string;
  kind: string;
  lgas: readonly string[];
}

export const states: readonly NigerianState[] = data.states;

/** Lower case, with runs of spaces, hyphens, underscores and dots made one underscore. */
const key = (s: string) =>
  s
    .trim()
    .toLowerCase()
    .replace(/[\s\-_.]+/g, '_');

const byKey = new Map<string, NigerianState>();
for (const s of states) {
  byKey.set(key(s.alias), s);
  byKey.set(key(s.name), s);
  byKey.set(key(`${s.name} state`), s);
}
// What people commonly write for the capital territory.
const fct = byKey.get('abuja');
if (fct) for (const alt of ['fct', 'fct_abuja', 'abuja_fct']) byKey.set(alt, fct);

const lgaIndex = new Map<string, Map<string, string>>(
  states.map((s) => [s.alias, new Map(s.lgas.map((l) => [key(l), l]))]),
);

/** The state for an alias or name in any case (`lagos`, `Lagos`, `Akwa Ibom`, `FCT`), if any. */
export function findState(input: string): NigerianState | undefined {
  return byKey.get(key(input));
}

/** The canonical spelling of an LGA of the state with this alias, if it is one of its LGAs. */
export function findLga(stateAlias: string, input: string): string | undefined {
  return lgaIndex.get(stateAlias)?.get(key(input));
}

/** The state's display name for an alias (the alias itself when unknown). */
export const stateName = (alias: string) => findState(alias)?.name ?? alias;

export const stateAliases: readonly string[] = states.map((s) => s.alias);
