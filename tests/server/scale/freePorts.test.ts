import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts, randomPorts } from '../../../scripts/ports';

const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
  .trim()
  .split(/\s+/)
  .map(Number);

describe('randomPorts', () => {
  it('draws the first of its ports from 20000 up, all of them below the ephemeral range', () => {
    const drawn = Array.from({ length: 2_000 }, () => randomPorts(5));
    for (const first of drawn) {
      expect(first).toBeGreaterThanOrEqual(20_000);
      expect(first + 5).toBeLessThanOrEqual(ephemeralLow!);
    }
    // Spread over the range (about 12,700 ports; 2,000 draws from it hold about 1,850 distinct),
    // not a few: two servers started together rarely draw the same.
    expect(new Set(drawn).size).toBeGreaterThan(1_750);
  });
});

describe('freePorts', () => {
  it('gives consecutive free ports below the range outgoing connections take theirs from', async () => {
    const first = await freePorts(3);
    expect(first).toBeGreaterThanOrEqual(20_000);
    expect(first + 3).toBeLessThanOrEqual(ephemeralLow!);
    // Each can be listened on.
    for (let port = first; port < first + 3; port++) {
      await new Promise<void>((resolve, reject) => {
        const s = createServer();
        s.once('error', reject);
        s.listen(port, '127.0.0.1', () => s.close(() => resolve()));
      });
    }
  });
});
