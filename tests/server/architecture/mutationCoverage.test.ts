import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { criticalModules } from '../../../scripts/mutationModules';

/**
 * Mutation scores stay true only if a critical module's listed tests reach all of it: a function
 * added to the module and tested in a file the list does not name would show as mutants without
 * coverage, or worse, pass unseen. So every function a critical module exports (and every method
 * of an object it exports or that an exported factory answers: a repository's queries) is named,
 * outside its import, in one of the module's listed test files or a helper they import from tests/.
 */

const parse = (path: string, text = readFileSync(path, 'utf8')) =>
  ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);

const isExported = (node: ts.Node) =>
  ts.canHaveModifiers(node) &&
  (ts.getModifiers(node) ?? []).some((m) => m.kind === ts.SyntaxKind.ExportKeyword);

const isFunctionLike = (
  e: ts.Expression | undefined,
): e is ts.ArrowFunction | ts.FunctionExpression =>
  !!e && (ts.isArrowFunction(e) || ts.isFunctionExpression(e));

/** The methods of an object literal: `{ post() {…}, balance: async () => … }`. */
function methodsOf(object: ts.ObjectLiteralExpression): string[] {
  return object.properties.flatMap((p) =>
    (ts.isMethodDeclaration(p) || (ts.isPropertyAssignment(p) && isFunctionLike(p.initializer))) &&
    ts.isIdentifier(p.name)
      ? [p.name.text]
      : [],
  );
}

/** The object literal a factory answers (`return { … }`, or an arrow's body), if it does. */
function answeredObject(fn: ts.FunctionLikeDeclaration): ts.ObjectLiteralExpression | undefined {
  let body: ts.Node | undefined = fn.body;
  while (body && ts.isParenthesizedExpression(body)) body = body.expression;
  if (body && ts.isObjectLiteralExpression(body)) return body;
  if (!body || !ts.isBlock(body)) return undefined;
  const last = body.statements.at(-1);
  if (last && ts.isReturnStatement(last) && last.expression) {
    let e = last.expression;
    while (ts.isParenthesizedExpression(e)) e = e.expression;
    if (ts.isObjectLiteralExpression(e)) return e;
  }
  return undefined;
}

/**
 * What a module exports that tests must call: its exported functions, the methods of an object
 * an exported factory answers or an exported constant holds, and `default` for a default export.
 */
export function exportedFunctions(source: ts.SourceFile): string[] {
  const names: string[] = [];
  const withMethods = (name: string, object: ts.ObjectLiteralExpression | undefined) =>
    names.push(...(object ? methodsOf(object) : []).map((m) => `${name}.${m}`));
  for (const statement of source.statements) {
    if (ts.isExportAssignment(statement)) names.push('default');
    if (!isExported(statement)) continue;
    if (ts.isFunctionDeclaration(statement) && statement.name) {
      names.push(statement.name.text);
      withMethods(statement.name.text, answeredObject(statement));
    }
    if (ts.isVariableStatement(statement)) {
      for (const d of statement.declarationList.declarations) {
        if (!ts.isIdentifier(d.name)) continue;
        let init = d.initializer;
        while (init && (ts.isAsExpression(init) || ts.isSatisfiesExpression(init))) {
          init = init.expression;
        }
        if (isFunctionLike(init)) {
          names.push(d.name.text);
          withMethods(d.name.text, answeredObject(init));
        } else if (init && ts.isObjectLiteralExpression(init)) {
          withMethods(d.name.text, init);
        }
      }
    }
  }
  return names;
}

/** The names a test file uses outside its imports (identifiers, property names), and what it imports. */
function namesUsed(source: ts.SourceFile) {
  const used = new Set<string>();
  const imports: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      if (ts.isStringLiteral(node.moduleSpecifier)) {
        const defaultImport = node.importClause?.name ? ['default'] : [];
        imports.push(node.moduleSpecifier.text);
        // A default import is the module's default export, used by name below.
        if (defaultImport.length) used.add(`default:${node.moduleSpecifier.text}`);
      }
      return;
    }
    if (ts.isIdentifier(node) || ts.isPrivateIdentifier(node)) used.add(node.text);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return { used, imports };
}

const resolveTs = (from: string, specifier: string) => {
  const base = normalize(join(dirname(from), specifier));
  return [base, `${base}.ts`, `${base}.tsx`, join(base, 'index.ts')].find(
    (p) => existsSync(p) && /\.tsx?$/.test(p),
  );
};

/** The listed test files and the helpers they import from tests/, transitively. */
function testSources(tests: string[]) {
  const seen = new Map<string, ReturnType<typeof namesUsed>>();
  const queue = [...tests];
  while (queue.length) {
    const file = queue.shift()!;
    if (seen.has(file)) continue;
    const names = namesUsed(parse(file));
    seen.set(file, names);
    for (const specifier of names.imports) {
      const target = specifier.startsWith('.') ? resolveTs(file, specifier) : undefined;
      if (target?.startsWith('tests/')) queue.push(target);
    }
  }
  return seen;
}

/** Whether `name` (`fn`, `factory.method` or `default`) is used by any of these sources. */
function isUsed(
  modulePath: string,
  name: string,
  sources: Map<string, ReturnType<typeof namesUsed>>,
) {
  return [...sources].some(([file, { used, imports }]) => {
    if (name === 'default') {
      return imports.some(
        (s) => s.startsWith('.') && used.has(`default:${s}`) && resolveTs(file, s) === modulePath,
      );
    }
    const method = name.split('.').at(-1)!;
    return used.has(method);
  });
}

/** The functions of `modulePath` no file among `tests` (or their helpers) uses. */
export function uncalled(modulePath: string, tests: string[], moduleText?: string) {
  const sources = testSources(tests);
  return exportedFunctions(parse(modulePath, moduleText)).filter(
    (name) => !isUsed(modulePath, name, sources),
  );
}

describe('the critical modules of mutation testing', () => {
  it('list test files that exist, of one suite each', () => {
    for (const m of criticalModules) {
      expect(existsSync(m.file), m.file).toBe(true);
      for (const t of m.tests) expect(existsSync(t), `${m.file}: ${t}`).toBe(true);
      const suites = new Set(m.tests.map((t) => t.split('/')[1]));
      expect(suites.size, `${m.file} mixes suites`).toBe(1);
    }
  });

  it.each(criticalModules.map((m) => [m.file, m.tests] as const))(
    '%s: its listed tests call every function it exports',
    (file, tests) => {
      const missing = uncalled(file, tests).map(
        (f) => `${file} exports ${f}, which none of ${tests.join(', ')} calls`,
      );
      expect(missing).toEqual([]);
    },
  );

  it('finds exported functions, factory methods and default exports, and misses an uncalled one', () => {
    const module = [
      'export function a() {}',
      'export async function b() {}',
      'export const c = (x: number) => x;',
      'export const d = 3;',
      'export function createRepo(db: unknown) { return { post() {}, balance: async () => 1 }; }',
      'export const method = { record(input: string) { return input; }, id: "x" };',
      'const hidden = () => 1;',
      'export default hidden;',
    ].join('\n');
    expect(exportedFunctions(parse('m.ts', module))).toEqual([
      'a',
      'b',
      'c',
      'createRepo',
      'createRepo.post',
      'createRepo.balance',
      'method.record',
      'default',
    ]);
    // This very file names none of the module's own functions outside strings: all are uncalled.
    const self = 'tests/server/architecture/mutationCoverage.test.ts';
    expect(uncalled('server/services/payouts.ts', [self])).toEqual(['payOut', 'settlePayout']);
    // A function named only in an import does not count as called; a call does.
    const dir = mkdtempSync(join(tmpdir(), 'mutation-coverage-'));
    const onlyImported = join(dir, 'imports.test.ts');
    const target = join(process.cwd(), 'server/services/payouts');
    writeFileSync(
      onlyImported,
      `import { payOut, settlePayout } from '${target}';\nsettlePayout();\n`,
    );
    try {
      expect(uncalled('server/services/payouts.ts', [onlyImported])).toEqual(['payOut']);
    } finally {
      rmSync(dir, { recursive: true });
    }
  });
});
