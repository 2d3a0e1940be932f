import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { freePorts } from '../../../scripts/ports';

describe('freePorts', () => {
  it('gives consecutive free ports below the range outgoing connections take theirs from', async () => {
    const [ephemeralLow] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
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
