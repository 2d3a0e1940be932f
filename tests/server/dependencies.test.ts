import { readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { describe, expect, it } from 'vitest';
import { sourceFiles } from './architecture/sources';

// package.json says what the app needs: a package nobody imports is weight and attack surface,
// and a package imported but not listed works only while another one happens to bring it.
const pkg = JSON.parse(readFileSync('package.json', 'utf8')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

/** Listed packages no source file imports, and why they are listed. */
const usedWithoutImport: Record<string, string> = {
  '@emotion/react': "MUI's styling engine (a peer dependency of @mui/material)",
  '@emotion/styled': "MUI's styling engine (a peer dependency of @mui/material)",
  tsx: 'runs the server, the CLIs and the scripts (package.json scripts)',
  '@stryker-mutator/vitest-runner': "stryker.config.mjs's test runner plugin",
  '@testing-library/dom': 'a peer dependency of @testing-library/react',
  eslint: 'the linter (npm run lint)',
  prettier: 'the formatter (npm run lint)',
  typescript: 'the type checker (npm run typecheck)',
  jsdom: "vitest's environment of the web tests",
  '@tensorflow/tfjs': "TensorFlow.js, required by the face library's node-wasm build",
  '@tensorflow/tfjs-backend-wasm':
    "the WebAssembly backend that the face library's node-wasm build requires (services/checks/faceEngine.ts)",
};

const sourceExtensions = ['.ts', '.tsx', '.mjs', '.js'];

/** The package each bare import names (`@scope/name/sub` → `@scope/name`). */
function importedPackages(text: string): string[] {
  const specifiers = [
    ...text.matchAll(/(?:\bfrom\s+|\bimport\s*\(\s*|^\s*import\s+)'([@a-z0-9][^']*)'/gm),
  ].map((m) => m[1]!);
  return specifiers
    .filter((s) => !s.startsWith('node:') && !builtinModules.includes(s.split('/')[0]!))
    .map((s) =>
      s
        .split('/')
        .slice(0, s.startsWith('@') ? 2 : 1)
        .join('/'),
    );
}

const importsOf = (files: string[]) =>
  new Set(files.flatMap((file) => importedPackages(readFileSync(file, 'utf8'))));

const shipped = sourceFiles(['server', 'src', 'reference'], sourceExtensions);
const tooling = [
  ...sourceFiles(['tests', 'bench', 'scripts'], sourceExtensions),
  ...readdirSync('.').filter((f) => /\.config\.(ts|js|mjs)$/.test(f)),
];
const shippedImports = importsOf(shipped);
const allImports = new Set([...shippedImports, ...importsOf(tooling)]);

describe('package.json lists what the code imports, and nothing else', () => {
  it('every dependency is imported by the app, its scripts or its config, or says why not', () => {
    const unused = Object.keys({ ...pkg.dependencies, ...pkg.devDependencies }).filter(
      (name) =>
        !allImports.has(name) &&
        !(name in usedWithoutImport) &&
        // Type packages come with the package they type.
        !(
          name.startsWith('@types/') &&
          name.slice('@types/'.length) in { ...pkg.dependencies, ...pkg.devDependencies, node: '' }
        ),
    );
    expect(unused).toEqual([]);
  });

  it('the app imports only packages listed in dependencies', () => {
    expect([...shippedImports].filter((name) => !(name in pkg.dependencies))).toEqual([]);
  });

  it('tests, benchmarks and configs import only listed packages', () => {
    const listed = { ...pkg.dependencies, ...pkg.devDependencies };
    expect([...allImports].filter((name) => !(name in listed))).toEqual([]);
  });

  it('the scan sees imports of every form (it is not vacuous)', () => {
    expect(
      importedPackages(
        "import a from 'react';\nimport type { B } from '@mui/material/styles';\nimport 'leaflet/dist/leaflet.css';\nconst c = await import('pg');\nimport { d } from 'node:fs';\nimport e from './local';",
      ),
    ).toEqual(['react', '@mui/material', 'leaflet', 'pg']);
  });
});
