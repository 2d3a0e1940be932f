import { states } from '../reference/locations';

/** `n` valid address-job rows, the same header as the import template. */
export function addressCsv(n: number, seed: number) {
  const lines = ['first_name,last_name,phone,email,address,landmark,state,lga'];
  for (let i = 0; i < n; i++) {
    const state = states[(i + seed) % states.length]!;
    const lga = state.lgas[i % state.lgas.length]!;
    const phone = `080${String(30000000 + ((i * 7919 + seed) % 69999999)).padStart(8, '0')}`;
    lines.push(
      `Ada${i},Obi${seed},${phone},ada${seed}.${i}@example.ng,"${i} Market Road, Block ${i % 40}",` +
        `Near the church,${state.alias},"${lga}"`,
    );
  }
  return lines.join('\n');
}
