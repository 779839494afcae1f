// The layout of src/ (src/README.md): one file per area in each layer, named as the command line
// names the area; no import circles; files small enough to read in one go.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { operations, sandboxOperations } from '../../src/api/operations.js';
import { loadCommands } from '../../src/manifest/index.js';
import type { AreaModule } from '../../src/sandbox/http.js';

const commands = await loadCommands();

const SRC = resolve(import.meta.dirname, '../../src');

function sources(dir = SRC, kinds = ['.ts']): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path, kinds) : kinds.some((k) => path.endsWith(k)) ? [path] : [];
  });
}

/** What the length rule reads: the code, and the inspector's page, script and stylesheet as much. */
const TEXTS = ['.ts', '.js', '.css', '.html'];

/** Relative imports of a file, static and dynamic, as files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [...text.matchAll(/(?:from\s+|import\s*\(\s*|import\s+)['"](\.{1,2}\/[^'"]+)['"]/g)].map((m) => m[1]);
  return specs.map((s) => resolve(dirname(file), s.replace(/\.js$/, '.ts'))).filter((f) => existsSync(f));
}

/** The imports of files under `from`/ that reach into any of the folders `to`, as `file → import`. */
function arrows(files: string[], from: string, to: string[], root = SRC): string[] {
  const targets = to.map((d) => join(root, d) + '/');
  return files
    .filter((f) => f.startsWith(join(root, from) + '/'))
    .flatMap((f) => importsOf(f).filter((g) => targets.some((d) => g.startsWith(d))).map((g) => `${relative(root, f)} → ${relative(root, g)}`));
}

/** Comparisons of a value to an operation id written out (`op === 'chat.send'`, `case 'flows.list':`), as `file: text`. */
function opIdBranches(file: string, text: string, ids: Set<string>): string[] {
  const found = [...text.matchAll(/[!=]==\s*'([\w]+\.[\w]+)'|'([\w]+\.[\w]+)'\s*[!=]==|\bcase\s+'([\w]+\.[\w]+)'\s*:/g)];
  return found.filter((m) => ids.has(m[1] ?? m[2] ?? m[3])).map((m) => `${file}: ${m[0]}`);
}

/** Every import circle, as the files on it (empty when there is none). */
function circles(graph: Map<string, string[]>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (f: string) => {
    state.set(f, 'open');
    stack.push(f);
    for (const g of graph.get(f) ?? []) {
      if (state.get(g) === 'open') found.push(stack.slice(stack.indexOf(g)));
      else if (!state.has(g)) visit(g);
    }
    stack.pop();
    state.set(f, 'done');
  };
  for (const f of graph.keys()) if (!state.has(f)) visit(f);
  return found;
}

/**
 * What a run takes from its host (src/core/host.ts) read from `process` directly, as `file:
 * process.NAME`: the variables, argv, the standard streams, signals and the exit. The process's
 * identity (pid, uid, platform, versions, cwd) is not the host's.
 */
const HOSTED = new Set(['env', 'argv', 'stdin', 'stdout', 'stderr', 'exit', 'exitCode', 'on', 'once', 'off', 'addListener', 'removeListener', 'chdir']);
function processReads(file: string, text: string): string[] {
  if (!text.includes('process.')) return [];
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isPropertyAccessExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'process' && HOSTED.has(node.name.text)) {
      found.push(`${file}: process.${node.name.text}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** Most lines a function may span (src/README.md: it fits on a screen). */
const MAX_FUNCTION_LINES = 80;

/** Every function, method, arrow and function expression longer than `max` lines, as `name (lines)`. */
function longFunctions(file: string, text: string, max = MAX_FUNCTION_LINES): { name: string; lines: number }[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const found: { name: string; lines: number }[] = [];
  const lineOf = (pos: number) => source.getLineAndCharacterOfPosition(pos).line;
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && 'body' in node && node.body) {
      const lines = lineOf(node.getEnd()) - lineOf(node.getStart(source)) + 1;
      if (lines > max) found.push({ name: functionName(node), lines });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** A function's name, or the name it is assigned to (`const run = async () => ...`). */
function functionName(node: ts.Node): string {
  const named = node as ts.Node & { name?: ts.Node };
  if (named.name && (ts.isIdentifier(named.name) || ts.isPrivateIdentifier(named.name) || ts.isStringLiteral(named.name))) return named.name.text;
  const parent = node.parent;
  if ((ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) || ts.isPropertyDeclaration(parent)) && ts.isIdentifier(parent.name)) return parent.name.text;
  return `(anonymous, line ${node.getSourceFile().getLineAndCharacterOfPosition(node.getStart()).line + 1})`;
}

const ROOT = resolve(SRC, '..');

/**
 * The documents a source file cites that a clone does not hold: a `NAME.md` found neither at the
 * repository's root, under docs/ nor beside the file, and sections cited as "docs/service-api.md 4.6" (the
 * service's sections are docs/service-api.md's).
 */
function foreignCitations(file: string, text: string): string[] {
  const exists = (doc: string) => [join(ROOT, doc), join(ROOT, 'docs', doc), join(ROOT, dirname(file), doc)].some((p) => existsSync(p));
  const docs = [...text.matchAll(/(?<![\w/.-])((?:[\w.-]+\/)*[\w.-]+\.md)\b/g)].map((m) => m[1]).filter((d) => !exists(d));
  const sections = [...text.matchAll(/\bspec (?:section )?\d+(?:\.\d+)?/g)].map((m) => m[0]);
  return [...docs, ...sections].map((c) => `${file}: ${c}`);
}

/**
 * How a sandbox area (src/sandbox/handlers/<area>.ts) writes its handler table: 'typed' when it is
 * an object literal in `export const area: AreaModule = {...}`, where TypeScript checks each key
 * against the operation ids (a table built elsewhere and passed in is checked only loosely).
 */
function handlerTable(file: string, text: string): string {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
  const area = source.statements
    .filter(ts.isVariableStatement)
    .filter((s) => s.modifiers?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword))
    .flatMap((s) => [...s.declarationList.declarations])
    .find((d) => ts.isIdentifier(d.name) && d.name.text === 'area');
  if (!area) return 'no exported area';
  if (area.type?.getText(source) !== 'AreaModule') return 'area not typed AreaModule';
  if (!area.initializer || !ts.isObjectLiteralExpression(area.initializer)) return 'area not an object literal';
  const table = area.initializer.properties.find((p) => p.name?.getText(source) === 'handlers');
  return !table || (ts.isPropertyAssignment(table) && ts.isObjectLiteralExpression(table.initializer)) ? 'typed' : 'handlers not an object literal';
}

describe('src/ layout', () => {
  const files = sources();

  it('has no import circles (static or lazy imports)', () => {
    const graph = new Map(files.map((f) => [f, importsOf(f)]));
    expect(circles(graph).map((c) => c.map((f) => relative(SRC, f)))).toEqual([]);
  });

  it('finds a circle when there is one (the check itself)', () => {
    expect(circles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', []]]))).toEqual([['a', 'b', 'c']]);
  });

  it('has no import from commands/ or the layers below back up to manifest/', () => {
    const below = ['commands', 'describe', 'ops', 'runtime', 'core', 'api', 'batch', 'config', 'schemas', 'webhook'].map((d) => join(SRC, d));
    const up = files
      .filter((f) => below.some((d) => f.startsWith(d + '/')))
      .flatMap((f) => importsOf(f).filter((g) => g.startsWith(join(SRC, 'manifest') + '/')).map((g) => `${relative(SRC, f)} → ${relative(SRC, g)}`));
    expect(up).toEqual([]);
  });

  /** Imports from files under `from/` to files outside the directories it may lean on, as `file → import`. */
  const arrowsOut = (from: string, leansOn: string[]) =>
    files
      .filter((f) => f.startsWith(join(SRC, from) + '/'))
      .flatMap((f) => importsOf(f).filter((g) => !leansOn.some((d) => g.startsWith(join(SRC, d) + '/'))).map((g) => `${relative(SRC, f)} → ${relative(SRC, g)}`));

  it('has no import from core/ to anything outside it (the ground floor leans on nothing)', () => {
    expect(arrowsOut('core', ['core'])).toEqual([]);
  });

  it('has no import from runtime/ (the context, the command types) but to core/, api/ and config/ below it', () => {
    expect(arrowsOut('runtime', ['runtime', 'core', 'api', 'config'])).toEqual([]);
  });

  it('reads the process (variables, streams, signals, exit) only in main.ts and out.ts: every run of the CLI takes them from its host', () => {
    const reads = files.filter((f) => !['main.ts', 'out.ts'].includes(relative(SRC, f))).flatMap((f) => processReads(relative(SRC, f), readFileSync(f, 'utf8')));
    expect(reads).toEqual([]);
  });

  it('finds a read of the process, in each form, and not its identity or a comment (the check itself)', () => {
    const text = [
      '// process.env is not read here',
      'const a = process.env.HOME;',
      "const b = process.stdin;",
      "process.on('SIGTERM', f);",
      'process.exit(2);',
      'const c = process.pid + process.platform + process.cwd();',
      "const d = { process: 1 }.process;",
    ].join('\n');
    expect(processReads('x.ts', text)).toEqual(['x.ts: process.env', 'x.ts: process.stdin', 'x.ts: process.on', 'x.ts: process.exit']);
  });

  it('has no import from api/ (the operations, the client) but to core/ below it', () => {
    expect(arrowsOut('api', ['api', 'core'])).toEqual([]);
  });

  it('has no import from describe/ (tool names, JSON schemas, the OpenAPI document) but to ops/ and the floors below it', () => {
    expect(arrowsOut('describe', ['describe', 'ops', 'runtime', 'api', 'schemas', 'core'])).toEqual([]);
  });

  it('keeps every file near 300 lines or under: code, pages, scripts and stylesheets', () => {
    const texts = sources(SRC, TEXTS);
    const long = texts.map((f) => [relative(SRC, f), readFileSync(f, 'utf8').split('\n').length] as const).filter(([, n]) => n > 310);
    expect(long).toEqual([]);
    // The rule reads them: the inspector's page and stylesheet are in the count.
    expect(texts.map((f) => relative(SRC, f))).toEqual(expect.arrayContaining(['sandbox/inspector/index.html', 'sandbox/inspector/inspector.css']));
  });

  it(`has no function longer than ${MAX_FUNCTION_LINES} lines`, () => {
    const long = files.flatMap((f) => longFunctions(f, readFileSync(f, 'utf8')).map(({ name, lines }) => [`${relative(SRC, f)}: ${name}`, lines] as const));
    expect(long).toEqual([]);
  });

  it('finds a long function, of any form (the check itself)', () => {
    const body = (n: number) => Array.from({ length: n }, (_, i) => `  x += ${i};`).join('\n');
    const text = [
      `export function long() {\n${body(80)}\n}`,
      `function short() {\n${body(78)}\n}`,
      `const arrow = async () => {\n${body(79)}\n};`,
      `class C {\n  method() {\n${body(85)}\n  }\n}`,
      `call(function () {\n${body(81)}\n});`,
    ].join('\n');
    expect(longFunctions('x.ts', text)).toEqual([
      { name: 'long', lines: 82 },
      { name: 'arrow', lines: 81 },
      { name: 'method', lines: 87 },
      { name: expect.stringMatching(/^\(anonymous, line \d+\)$/), lines: 83 },
    ]);
  });

  it('has no import from mcp/ into commands/ (what both need is in ops/ or below)', () => {
    expect(arrows(files, 'mcp', ['commands'])).toEqual([]);
  });

  it('has no import from ops/ up to the entry points that read it (commands/, mcp/, manifest/, sandbox/) or to describe/', () => {
    expect(arrows(files, 'ops', ['commands', 'mcp', 'manifest', 'sandbox', 'describe'])).toEqual([]);
  });

  it('finds an import from mcp/ into commands/, static or lazy (the check itself)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'layout-'));
    for (const f of ['mcp/a.ts', 'mcp/b.ts', 'commands/x/c.ts']) mkdirSync(dirname(join(dir, f)), { recursive: true });
    writeFileSync(join(dir, 'mcp/a.ts'), "import { c } from '../commands/x/c.js';\n");
    writeFileSync(join(dir, 'mcp/b.ts'), "const m = await import('../commands/x/c.js');\n");
    writeFileSync(join(dir, 'commands/x/c.ts'), 'export const c = 1;\n');
    expect(arrows([join(dir, 'mcp/a.ts'), join(dir, 'mcp/b.ts')], 'mcp', ['commands'], dir)).toEqual(['mcp/a.ts → commands/x/c.ts', 'mcp/b.ts → commands/x/c.ts']);
    rmSync(dir, { recursive: true });
  });

  it('branches on no operation id written out: what an operation does differently is a row of a table keyed by OperationId', () => {
    const ids = new Set([...Object.keys(operations), ...Object.keys(sandboxOperations)]);
    expect(files.flatMap((f) => opIdBranches(relative(SRC, f), readFileSync(f, 'utf8'), ids))).toEqual([]);
  });

  it('finds a branch on an operation id, in each form (the check itself)', () => {
    const text = "if (op === 'chat.send') x();\nif ('flows.list' !== id) y();\nswitch (id) {\n  case 'mcp.rpc':\n}\nif (name === 'create.contact' || v === 'a.b') z();\nconst t = { 'chat.send': 1 };\n";
    expect(opIdBranches('x.ts', text, new Set(['chat.send', 'flows.list', 'mcp.rpc']))).toEqual(["x.ts: === 'chat.send'", "x.ts: 'flows.list' !==", "x.ts: case 'mcp.rpc':"]);
  });

  it('cites only documents the repository holds (docs/service-api.md and docs/contract.md, not outside files)', () => {
    expect(files.flatMap((f) => foreignCitations(relative(ROOT, f), readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('finds a citation of a missing document, or of a section by number alone (the check itself)', () => {
    // Built from parts, so that no rewrite of citations reaches the check's own examples.
    const [outside, section] = ['COMMANDS' + '.md', 'spec' + ' 4.6'];
    const text = `// see ${outside}, docs/contract.md and docs/nowhere.md\n// Segments (${section}); docs/service-api.md 4.6\n`;
    expect(foreignCitations('src/x.ts', text)).toEqual([`src/x.ts: ${outside}`, 'src/x.ts: docs/nowhere.md', `src/x.ts: ${section}`]);
  });

  it('types every handler table of the sandbox by operation id (an object literal in an AreaModule)', () => {
    const dir = join(SRC, 'sandbox', 'handlers');
    const areas = readdirSync(dir).filter((f) => f !== 'index.ts');
    expect(areas.length).toBeGreaterThan(15);
    expect(areas.map((f) => [f, handlerTable(f, readFileSync(join(dir, f), 'utf8'))])).toEqual(areas.map((f) => [f, 'typed']));
  });

  it('finds a handler table that is not typed (the check itself)', () => {
    const table = "{ 'tags.list': list }";
    expect(handlerTable('a.ts', `export const area: AreaModule = { handlers: ${table}, seed };`)).toBe('typed');
    expect(handlerTable('b.ts', `const handlers = ${table};\nexport const area: AreaModule = { handlers };`)).toBe('handlers not an object literal');
    expect(handlerTable('c.ts', `export const area = { handlers: ${table} };`)).toBe('area not typed AreaModule');
    expect(handlerTable('d.ts', `const area: AreaModule = { handlers: ${table} };`)).toBe('no exported area');
    // And a typed table refuses a misspelt key: tsc fails on this line (an unused @ts-expect-error) once any string may be a key.
    // @ts-expect-error 'tags.lisst' is no operation id
    const misspelt: AreaModule = { handlers: { 'tags.lisst': () => ({ status: 200, body: {} }) } };
    expect(Object.keys(misspelt.handlers!)).toEqual(['tags.lisst']);
  });

  it('declares each command group in src/manifest/<name>.ts, named as the command line names it', () => {
    const groups = commands.filter((c) => c.subcommands?.length).map((c) => c.name);
    expect(groups.length).toBeGreaterThan(15);
    for (const name of groups.filter((n) => n !== 'profiles')) expect(existsSync(join(SRC, 'manifest', `${name}.ts`)), name).toBe(true);
  });
});
