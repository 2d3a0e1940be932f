import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

// The one walk of the repository's folders that the architecture tests scan (each test then
// filters the files or texts for the copy it refuses).

/** TypeScript modules, with or without JSX. */
export const codeExtensions = ['.ts', '.tsx'] as const;

/**
 * The files under each of `dirs`, recursively (never into node_modules), whose names end with one
 * of `extensions`, as paths from the repository's root.
 */
export function sourceFiles(
  dirs: string | readonly string[],
  extensions: readonly string[] = ['.ts'],
): string[] {
  return ([] as string[]).concat(dirs).flatMap(function walk(dir: string): string[] {
    return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
      e.isDirectory()
        ? e.name === 'node_modules'
          ? []
          : walk(join(dir, e.name))
        : extensions.some((ext) => e.name.endsWith(ext))
          ? [join(dir, e.name)]
          : [],
    );
  });
}

/** Each source file of `dirs` (see `sourceFiles`) with its text. */
export const readSources = (
  dirs: string | readonly string[],
  extensions: readonly string[] = ['.ts'],
) => sourceFiles(dirs, extensions).map((file) => ({ file, text: readFileSync(file, 'utf8') }));

/** The names of the folders directly inside `dir`. */
export const foldersOf = (dir: string) =>
  readdirSync(dir, { withFileTypes: true })
    .filter((e) => e.isDirectory())
    .map((e) => e.name);
