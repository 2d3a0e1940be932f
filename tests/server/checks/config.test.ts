import { describe, expect, it } from 'vitest';
import { configFromEnv } from '../helpers';

describe('CHECKS', () => {
  it('is on unless set to off, and refuses anything else at start', () => {
    expect(configFromEnv({}).checks).toBe(true);
    expect(configFromEnv({ CHECKS: 'on' }).checks).toBe(true);
    expect(configFromEnv({ CHECKS: 'off' }).checks).toBe(false);
    expect(() => configFromEnv({ CHECKS: 'false' })).toThrow(
      'CHECKS must be on or off, got "false"',
    );
  });
});
