/**
 * Where a bundle's JsVars at rest go, by module: on Espruino every function the bundle's top level declares is held
 * for as long as the firmware runs (5 JsVars and one per parameter at the root, one more inside a function, for its
 * scope: measured on espruino-12k booted from Storage; its text stays in flash), so the count of top-level
 * functions per source module (through the bundle's source map) is the map of what each module costs the board before
 * anything happens. Closures made while the firmware starts (the shell's, the controller's, the drivers') come on top.
 *
 *   npx tsx bench/bundle-map.ts dist/console.js      (after npm run build)
 *
 * It also lists the functions the bundle makes and calls in place (`calledInPlace`).
 */
import * as fs from 'fs';
import * as acorn from 'acorn';
import * as walk from 'acorn-walk';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

type Node = acorn.Node & { [key: string]: any };

/**
 * The bundle's statements, and the function holding them if there is one: a board's `.bootcde` runs at the root
 * (scripts/root-level.cjs: its statements are the program's), a part is `(function($S){ … })` (scripts/bundle-config.cjs
 * partExpression), and an IIFE, `(function(){ … })()`, is what terser writes.
 */
function bundleBody(program: Node): { statements: Node[]; own: Node | null } {
  const only: Node | undefined = program.body.length === 1 ? (program.body[0] as Node) : undefined;
  let e: Node | undefined = only && only.type === 'ExpressionStatement' ? only.expression : undefined;
  if (e && e.type === 'UnaryExpression') e = e.argument;
  if (e && e.type === 'CallExpression' && e.arguments.length === 0) e = e.callee;
  if (e && e.type === 'FunctionExpression') return { statements: e.body.body, own: e };
  return { statements: program.body as Node[], own: null };
}

/** A bundle and its source map, parsed. */
function parsed(bundleFile: string): { program: Node; map: TraceMap } {
  const code = fs.readFileSync(bundleFile, 'utf8');
  const map = new TraceMap(JSON.parse(fs.readFileSync(bundleFile + '.map', 'utf8')));
  return { program: acorn.parse(code, { ecmaVersion: 2020, locations: true }) as Node, map: map };
}

/** Where a node of the bundle comes from: "firmware/…/x.ts:line". */
function sourceOf(map: TraceMap, node: Node): { module: string; line: number | null } {
  const at = originalPositionFor(map, { line: node.loc!.start.line, column: node.loc!.start.column });
  return { module: (at.source || '(unknown)').replace(/^.*?((firmware|hal|boards)\/)/, '$1'), line: at.line };
}

/** Top-level function declarations per source module, most first. */
export function topLevelFunctions(bundleFile: string): { total: number; jsVars: number; modules: [string, number][] } {
  const { program, map } = parsed(bundleFile);
  const body = bundleBody(program);
  const per: { [module: string]: number } = {};
  let total = 0;
  let jsVars = 0;
  for (const statement of body.statements) {
    if (statement.type !== 'FunctionDeclaration') continue;
    const module = sourceOf(map, statement).module;
    per[module] = (per[module] || 0) + 1;
    total++;
    jsVars += (body.own === null ? 5 : 6) + statement.params.length;
  }
  return { total: total, jsVars: jsVars, modules: Object.keys(per).map((m): [string, number] => [m, per[m]]).sort((a, b) => b[1] - a[1]) };
}

/**
 * The functions written as expressions called in place, `(function(t){…})(n)` (terser's way with a function used
 * once: see scripts/bundle-config.cjs, reduce_funcs), but the bundle's own: Espruino reads such a function's text
 * twice each time that line runs, once to make it and once to run it. Each with its source and its length.
 */
export function calledInPlace(bundleFile: string): { source: string; chars: number }[] {
  const { program, map } = parsed(bundleFile);
  const own = bundleBody(program).own;
  const found: Node[] = [];
  walk.full(program, (node: Node) => {
    if (node.type === 'CallExpression' && node.callee.type === 'FunctionExpression' && node.callee !== own) found.push(node.callee);
  });
  // In the bundle's order (the walk comes out of a nested one first).
  return found.sort((a, b) => a.start - b.start).map((f) => {
    const at = sourceOf(map, f.body);
    return { source: at.module + ':' + at.line, chars: f.end - f.start };
  });
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file) || !fs.existsSync(file + '.map')) {
    process.stderr.write('usage: npx tsx bench/bundle-map.ts dist/<bundle>.js   (after npm run build: the bundle and its .map)\n');
    process.exit(2);
  }
  const found = topLevelFunctions(file);
  const lines = [file + ': ' + found.total + ' top-level functions (about ' + found.jsVars + ' JsVars)'];
  for (const [module, n] of found.modules) lines.push(String(n).padStart(5) + '  ' + module);
  const inPlace = calledInPlace(file);
  lines.push('functions called in place (their text read twice a call; in the source, a call marked /*#__NOINLINE__*/ is not):');
  for (const f of inPlace) lines.push(String(f.chars).padStart(7) + ' chars  ' + f.source);
  process.stdout.write(lines.join('\n') + '\n');
}
