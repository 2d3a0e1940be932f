import { availableParallelism } from 'node:os';
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config';
import { configFromEnv } from '../helpers';

describe('DATABASE_POOL_SIZE: connections per pool to PostgreSQL', () => {
  it('defaults to two per core of this machine', () => {
    expect(configFromEnv({}).databasePoolSize).toBe(2 * availableParallelism());
  });

  it('is read from the environment', () => {
    expect(configFromEnv({ DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
  });

  it.each(['0', '-3', 'ten', '2.5', '1001'])('refuses %j, naming the variable', (raw) => {
    expect(() => configFromEnv({ DATABASE_POOL_SIZE: raw })).toThrow(ConfigError);
    expect(() => configFromEnv({ DATABASE_POOL_SIZE: raw })).toThrow(
      `DATABASE_POOL_SIZE must be a whole number from 1 to 1000, got "${raw}"`,
    );
  });
});
