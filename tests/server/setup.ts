import { vi } from 'vitest';

// argon2id at the app's cost (19 MiB, two passes) takes 30–200 ms a hash or a check on CI's two
// busy cores, and the API tests create and sign in thousands of accounts. They hash at the lowest
// cost instead: hashes stay argon2id and are checked the same way (a check reads the cost from the
// hash). A test about the cost itself turns the real one back on (./passwordCost.ts).
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof import('@node-rs/argon2')>();
  const { realPasswordCost } = await import('./passwordCost');
  const lowest = { memoryCost: 64, timeCost: 1, parallelism: 1 };
  return {
    ...argon2,
    hash: (password: string | Uint8Array, options?: Parameters<typeof argon2.hash>[1]) =>
      argon2.hash(password, realPasswordCost() ? options : { ...options, ...lowest }),
  };
});
