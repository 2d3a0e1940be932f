import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// Ports for the servers tests and scripts start, kept out of the way of outgoing connections.

async function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const s = createServer();
    s.once('error', () => resolve(false));
    s.listen(port, '127.0.0.1', () => s.close(() => resolve(true)));
  });
}

/**
 * Where outgoing connections take their local ports (Linux's default when unreadable): a port
 * picked there and released may be taken by any connection before the server listens on it
 * (EADDRINUSE seen in the API tests, whose database connections come and go meanwhile).
 */
function ephemeralPorts(): [number, number] {
  try {
    const [low, high] = readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8')
      .trim()
      .split(/\s+/)
      .map(Number);
    if (low! > 0 && high! >= low!) return [low!, high!];
  } catch {
    // Not Linux: the default below.
  }
  return [32768, 60999];
}

/**
 * The first of `count` consecutive ports picked at random below the ephemeral range, not checked:
 * for a caller that cannot wait for `freePorts` (the browser suite's synchronous `spawnServer`).
 */
export function randomPorts(count = 1): number {
  const low = 20_000;
  const high = Math.max(low + 1_000, ephemeralPorts()[0]) - count;
  return low + Math.floor(Math.random() * (high - low));
}

/** The first of `count` consecutive free ports, picked at random below the ephemeral range. */
export async function freePorts(count: number): Promise<number> {
  for (let tries = 0; tries < 50; tries++) {
    const first = randomPorts(count);
    let free = true;
    for (let p = first; p < first + count && free; p++) free = await portIsFree(p);
    if (free) return first;
  }
  throw new Error(`no ${count} consecutive free ports found`);
}
