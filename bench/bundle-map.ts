/**
 * Where a bundle's JsVars at rest go, by module: on Espruino every function the bundle's top level declares is held
 * for as long as the firmware runs (about 7 JsVars each; its text stays in flash), so the count of top-level
 * functions per source module (through the bundle's source map) is the map of what each module costs the board before
 * anything happens. Closures made while the firmware starts (the shell's, the controller's, the drivers') come on top.
 *
 *   npx tsx bench/bundle-map.ts dist/console.js      (after npm run build)
 */
import * as fs from 'fs';
import * as acorn from 'acorn';
import { originalPositionFor, TraceMap } from '@jridgewell/trace-mapping';

type Node = acorn.Node & { [key: string]: any };

/**
 * The statements of the bundle's IIFE: `(function(){ … })()`, or for a part `(function($S){return function(){ … }()})`
 * (scripts/bundle-config.cjs partExpression).
 */
function iifeBody(program: Node): Node[] {
  for (const statement of program.body as Node[]) {
    let e: Node | undefined = statement.expression || (statement.declarations && statement.declarations[0].init);
    if (e && e.type === 'UnaryExpression') e = e.argument;
    if (e && e.type === 'FunctionExpression' && e.body.body.length === 1 && e.body.body[0].type === 'ReturnStatement') e = e.body.body[0].argument;
    if (e && e.type === 'SequenceExpression') e = e.expressions[0];
    const callee: Node | undefined = e && e.type === 'CallExpression' ? e.callee : undefined;
    if (callee && callee.body && callee.body.body) return callee.body.body;
  }
  throw new Error('no IIFE at the top of the bundle');
}

/** Top-level function declarations per source module, most first. */
export function topLevelFunctions(bundleFile: string): { total: number; modules: [string, number][] } {
  const code = fs.readFileSync(bundleFile, 'utf8');
  const map = new TraceMap(JSON.parse(fs.readFileSync(bundleFile + '.map', 'utf8')));
  const program = acorn.parse(code, { ecmaVersion: 2020, locations: true }) as Node;
  const per: { [module: string]: number } = {};
  let total = 0;
  for (const statement of iifeBody(program)) {
    if (statement.type !== 'FunctionDeclaration') continue;
    const at = originalPositionFor(map, { line: statement.loc!.start.line, column: statement.loc!.start.column });
    const module = (at.source || '(unknown)').replace(/^.*?((firmware|hal|boards)\/)/, '$1');
    per[module] = (per[module] || 0) + 1;
    total++;
  }
  return { total: total, modules: Object.keys(per).map((m): [string, number] => [m, per[m]]).sort((a, b) => b[1] - a[1]) };
}

if (require.main === module) {
  const file = process.argv[2];
  if (!file || !fs.existsSync(file) || !fs.existsSync(file + '.map')) {
    process.stderr.write('usage: npx tsx bench/bundle-map.ts dist/<bundle>.js   (after npm run build: the bundle and its .map)\n');
    process.exit(2);
  }
  const found = topLevelFunctions(file);
  const lines = [file + ': ' + found.total + ' top-level functions (about ' + found.total * 7 + ' JsVars)'];
  for (const [module, n] of found.modules) lines.push(String(n).padStart(5) + '  ' + module);
  process.stdout.write(lines.join('\n') + '\n');
}
