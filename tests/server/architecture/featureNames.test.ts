import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { foldersOf, sourceFiles } from './sources';

// A feature is found by one name on both sides of the wire: its route folder, repository, schema,
// web resource folder (with its <Resource> props and its slice of the dataProvider) and tests.

/** The web resources; each is a feature. */
const features = foldersOf('src/resources').sort();

/** Route folders that are areas of the API but not resources of the web app. */
const routesWithoutResource = ['auth', 'capture', 'wallet'];

/** Where each feature must be found, by its name. */
const placesOf = (f: string) => [
  join('server', 'routes', f, 'index.ts'),
  join('server', 'repositories', `${f}.ts`),
  join('server', 'schemas', `${f}.ts`),
  join('src', 'resources', f, 'index.ts'),
  join('tests', 'server', f),
  join('tests', 'web', f),
];

/** Names we no longer use; the spec's URLs and texts (`/setting/tat`, "Set Amount") stay. */
const oldNames: { name: string; pattern: RegExp }[] = [
  { name: 'tat-settings', pattern: /tat-settings/ },
  { name: 'tatSettings', pattern: /[tT]atSettings/ },
  { name: 'SetAmount', pattern: /SetAmount/ },
  { name: 'settingsApi', pattern: /settingsApi/ },
];
const thisFile = join('tests', 'server', 'architecture', 'featureNames.test.ts');
const scanned = sourceFiles(
  ['server', 'src', 'reference', 'tests', 'bench', 'scripts'],
  ['.ts', '.tsx', '.sql', '.mjs', '.js'],
).filter((file) => file !== thisFile);

/** `[file, old name]` for each old name in a file's path or text. */
function oldNamesIn(files: { file: string; text: string }[]) {
  return files.flatMap(({ file, text }) =>
    oldNames
      .filter(({ pattern }) => pattern.test(file) || pattern.test(text))
      .map(({ name }) => [file, name]),
  );
}

describe('one name per feature', () => {
  it('has the resources it is about (the scan is not vacuous)', () => {
    expect(features).toEqual(
      expect.arrayContaining(['agentApplications', 'jobs', 'payouts', 'tats', 'transactions']),
    );
    expect(scanned.length).toBeGreaterThan(200);
  });

  it.each(features)('%s has its route folder, repository, schema, resource and tests', (f) => {
    expect(placesOf(f).filter((place) => !existsSync(place))).toEqual([]);
  });

  it('every route folder is a feature or an API area named as not being one', () => {
    const routeFolders = foldersOf(join('server', 'routes'));
    expect(routeFolders.filter((r) => !features.includes(r))).toEqual(routesWithoutResource);
  });

  it('test folders are named after a feature or an area of the server', () => {
    const webOnly = ['access', 'capture', 'support'];
    expect(foldersOf(join('tests', 'web')).filter((f) => !features.includes(f))).toEqual(webOnly);
  });

  it('no old name of a feature is left in a file name or in the code', () => {
    const files = scanned.map((file) => ({ file, text: readFileSync(file, 'utf8') }));
    expect(oldNamesIn(files)).toEqual([]);
  });

  it('the old-name scan catches each old name (it is not vacuous)', () => {
    const found = oldNamesIn([
      { file: 'src/resources/tatSettings/x.ts', text: '' },
      { file: 'a.ts', text: "<Resource name='tat-settings' />" },
      { file: 'b.ts', text: 'export const SetAmountPage = 1;' },
      { file: 'c.ts', text: "import { tatSettingsApi } from './settingsApi';" },
      { file: 'd.ts', text: 'Set Amount at /settings/set-amount, GET /setting/tat, tat_settings' },
    ]);
    expect(found).toEqual([
      ['src/resources/tatSettings/x.ts', 'tatSettings'],
      ['a.ts', 'tat-settings'],
      ['b.ts', 'SetAmount'],
      ['c.ts', 'tatSettings'],
      ['c.ts', 'settingsApi'],
    ]);
  });
});

describe('the dataProvider composes the resources’ slices', () => {
  const index = readFileSync(join('src', 'dataProvider', 'index.ts'), 'utf8');

  it('src/dataProvider holds no resource’s code: each slice lives in its resource folder', () => {
    const files = readdirSync(join('src', 'dataProvider')).sort();
    expect(files).toEqual(['exportsApi.ts', 'index.ts', 'resourcePart.ts']);
  });

  it('the index compares no resource name and has no `any`', () => {
    expect(index).not.toMatch(/resource\s*===/);
    expect(index).not.toMatch(/\bany\b/);
  });

  it('every resource slice is composed by the index', () => {
    const slices = features.filter((f) =>
      existsSync(join('src', 'resources', f, 'dataProvider.ts')),
    );
    expect(slices.length).toBeGreaterThan(5);
    const imported = [...index.matchAll(/from '\.\.\/resources\/(\w+)\/dataProvider'/g)].map(
      (m) => m[1],
    );
    expect(imported.sort()).toEqual(slices);
  });

  it('each resource folder’s index.ts gives its <Resource> props (per area for transactions)', () => {
    const withoutProps = features.filter(
      (f) =>
        !/export (default|const \w+ =) \{/.test(
          readFileSync(join('src', 'resources', f, 'index.ts'), 'utf8'),
        ),
    );
    expect(withoutProps).toEqual([]);
  });
});
