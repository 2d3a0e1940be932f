import { basename, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { codeExtensions, readSources, sourceFiles } from '../server/architecture/sources';

// What every resource's screens share is written once: a custom route behind its right
// (`guarded`, `listShowRoutes` in layout/Guarded.tsx), a menu entry behind its right
// (layout/MenuEntries.tsx), and the wire types (the server's schemas, imported as types).
const web = readSources('src', codeExtensions);
const routeFiles = web.filter(({ file }) => /Routes\.tsx$/.test(file));

/** A page wrapped by hand in its right or its resource's context, as `guarded` does. */
const handGuard = (text: string) => /<(Guarded|ResourceContextProvider)\b/.test(text);
/** A menu item put behind its right by hand, as `MenuEntries` does. */
const handMenuEntry = (text: string) => /<CanAccess\b[^>]*>\s*<Menu\.Item\b/.test(text);

/** The field names of each `interface` the web declares. */
const interfaces = (text: string) =>
  [...text.matchAll(/interface (\w+)[^{]*\{([^}]*)\}/g)].map((m) => ({
    name: m[1]!,
    fields: [...m[2]!.matchAll(/^\s+(\w+)\??:/gm)].map((f) => f[1]!),
  }));

/** The property names of every TypeBox object the server's schemas export. */
const schemaObjects = async () => {
  const files = sourceFiles(join('server', 'schemas')).map((file) => basename(file));
  const out: { name: string; keys: Set<string> }[] = [];
  for (const f of files) {
    const mod = (await import(`../../server/schemas/${f.replace(/\.ts$/, '')}`)) as Record<
      string,
      unknown
    >;
    for (const [name, value] of Object.entries(mod)) {
      const properties = (value as { properties?: Record<string, unknown> } | null)?.properties;
      if (properties && typeof properties === 'object')
        out.push({ name: `${f}:${name}`, keys: new Set(Object.keys(properties)) });
    }
  }
  return out;
};

/** Web interfaces of six fields or more, each a property of one schema object: a copy of it. */
const copiedWireTypes = (
  files: { file: string; text: string }[],
  schemas: { name: string; keys: Set<string> }[],
) =>
  files.flatMap(({ file, text }) =>
    interfaces(text).flatMap(({ name, fields }) => {
      if (fields.length < 6) return [];
      const copied = schemas.find((s) => fields.every((f) => s.keys.has(f)));
      return copied ? [`${file}: ${name} copies ${copied.name}`] : [];
    }),
  );

describe('once in the web app', () => {
  it('route files put their pages behind their rights through guarded/listShowRoutes', () => {
    expect(routeFiles.filter(({ text }) => handGuard(text)).map(({ file }) => file)).toEqual([]);
    expect(
      handGuard('<Route element={<Guarded resource="x" action="list"><X /></Guarded>} />'),
    ).toBe(true);
    expect(routeFiles.length).toBeGreaterThanOrEqual(6);
  });

  it('menu entries go through MenuEntries', () => {
    const offenders = web
      .filter(({ file }) => !file.endsWith(join('layout', 'MenuEntries.tsx')))
      .filter(({ text }) => handMenuEntry(text))
      .map(({ file }) => file);
    expect(offenders).toEqual([]);
    expect(
      handMenuEntry('<CanAccess resource="jobs" action="list">\n  <Menu.Item to="/x" />'),
    ).toBe(true);
  });

  it('no web interface copies the fields of a server schema (import its Static<> type)', async () => {
    const schemas = await schemaObjects();
    expect(schemas.length).toBeGreaterThan(20);
    expect(copiedWireTypes(web, schemas)).toEqual([]);
    const copy = `export interface Applicant {
      first_name: string;
      last_name: string;
      email: string;
      phone: string;
      state: string;
      nin: string;
    }`;
    expect(copiedWireTypes([{ file: 'x.ts', text: copy }], schemas)).not.toEqual([]);
  });
});
