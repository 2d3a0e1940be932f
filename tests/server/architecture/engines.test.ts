import { readFileSync } from 'node:fs';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

/**
 * The Node.js versions `engines` promises are ones every installed package accepts: a package
 * that wants a newer Node makes `npm install` print EBADENGINE, and may use what the promised
 * version lacks. (The lock file records each package's own `engines`.)
 */
interface LockEntry {
  engines?: { node?: string } | string[];
}
const readJson = <T>(path: string) => JSON.parse(readFileSync(path, 'utf8')) as T;
const manifest = readJson<{ engines: { node: string } }>('package.json');
const lock = readJson<{ packages: Record<string, LockEntry> }>('package-lock.json');

describe('the Node.js versions the project promises', () => {
  const promised = manifest.engines.node;
  const oldest = semver.minVersion(promised);

  it('names a lowest version, and the Node running the tests is one of them', () => {
    expect(oldest?.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(semver.satisfies(process.versions.node, promised)).toBe(true);
  });

  it('every locked package accepts the oldest promised Node', () => {
    const refusing = Object.entries(lock.packages).flatMap(([path, { engines }]) => {
      const wanted = engines && !Array.isArray(engines) ? engines.node : undefined;
      return wanted && !semver.satisfies(oldest!, wanted) ? [`${path} wants node ${wanted}`] : [];
    });
    expect(refusing).toEqual([]);
  });
});
