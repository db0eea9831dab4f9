/**
 * scripts/root-level.cjs: a board's bundle taken out of its IIFE, its own names `$`-prefixed. What it must keep is
 * the meaning: only references that resolve to the wrapper's top level are renamed (terser reuses short names in
 * nested scopes), a class's inner binding goes with its name, a shorthand property keeps its key, no new name is one
 * the code already uses; and it refuses what would mean something else at the root.
 */
import * as vm from 'vm';
import { checker } from './scripts';

// eslint-disable-next-line @typescript-eslint/no-var-requires
const { rootLevel, nthName } = require('../../scripts/root-level.cjs') as {
  rootLevel(code: string, fileName?: string, keep?: string[]): { code: string; map: { mappings: string } };
  nthName(n: number): string;
};

/** What `code` prints, run as a script in a fresh context. */
function printed(code: string): string[] {
  const out: string[] = [];
  vm.runInNewContext(code, { print: (s: unknown) => out.push(String(s)) });
  return out;
}

const SHADOWED = [
  '(function(){',
  'var e=Math,t=1;',
  'function n(e,t){return e+t}', // parameters with the top level's names
  'function r(){var n=function(n){return n*2};return n(t)+e.max(1,2)}', // a local n, the top-level e
  'class s{constructor(){s.made=(s.made||0)+1}}', // the class's own name inside it
  'var o=function o(k){return k>0?o(k-1)+1:0};', // a named function expression: its inner name is its own
  'var $a="taken";', // a name of the new family already in use at the top level
  'function i(){var $b=3;return $b+t}', // and one in a nested function
  'print(n(2,3));print(r());new s();new s();print(s.made);print(o(4));print($a);print(i());',
  'print(typeof a);print([1,2].map(function(e){return e+t}).join());',
  '})();',
].join('');

describe('root-level', () => {
  it('keeps what the bundle does', () => {
    const out = rootLevel(SHADOWED, 'x.js');
    expect(printed(out.code)).toEqual(printed(SHADOWED));
    expect(printed(SHADOWED)).toEqual(['5', '4', '2', '4', 'taken', '4', 'undefined', '2,3']);
  });

  it('declares only $ names at the root, none of them one the code used', () => {
    const out = rootLevel(SHADOWED, 'x.js');
    expect(checker.bundleShape(out.code)).toBe('root');
    expect(checker.checkBundle(out.code).filter((p: { rule: string }) => p.rule === 'top-level-declaration')).toEqual([]);
    expect(out.code.startsWith('(function(){')).toBe(false);
    // $a and $b were the code's own: the new names skip them.
    expect(out.code).toMatch(/var \$a="taken"|\$\w+="taken"/);
    expect(out.code).toContain('var $b=3');
    expect(out.code.match(/\$b\b/g)).toHaveLength(2);
  });

  it('skips the names it is told to keep, and gives the most used the shortest', () => {
    const code = '(function(){var a=1,b=2;print(b+b+b+a);})();';
    const out = rootLevel(code, 'x.js', ['$']);
    expect(out.code).toBe('var $b=1,$a=2;print($a+$a+$a+$b);');
    expect(printed(out.code)).toEqual(['7']);
  });

  it('writes a shorthand property out with its key', () => {
    const code = '(function(){var a=1;print(JSON.stringify({a}));})();';
    const out = rootLevel(code, 'x.js');
    expect(out.code).toContain('{a:$');
    expect(vm.runInNewContext(out.code.replace('print(', 'r=('), { JSON })).toBe('{"a":1}');
  });

  it('maps back to the code it was given', () => {
    expect(rootLevel(SHADOWED, 'x.js').map.mappings.length).toBeGreaterThan(0);
  });

  it('refuses what would mean something else at the root', () => {
    expect(() => rootLevel('(function(){return 1})();')).toThrow(/`return`/);
    expect(() => rootLevel('(function(){var f=()=>this;})();')).toThrow(/`this`/);
    expect(() => rootLevel('(function(){print(arguments.length)})();')).toThrow(/arguments/);
    expect(() => rootLevel('(function(a){})(1);')).toThrow(/not one function expression/);
    expect(() => rootLevel('var a=1;(function(){})();')).toThrow(/not one function expression/);
    // Inside a nested function they are that function's own.
    expect(() => rootLevel('(function(){function f(){return this}var g=()=>{return 1};})();')).not.toThrow();
  });

  it('names the family $, $a … $$, then two characters after the $, each name once', () => {
    expect([nthName(0), nthName(1), nthName(52), nthName(53), nthName(64), nthName(65), nthName(66)]).toEqual(['$', '$a', '$Z', '$0', '$$', '$aa', '$ba']);
    const names = Array.from({ length: 5000 }, (_, n) => nthName(n));
    expect(new Set(names).size).toBe(5000);
    for (const name of names) expect(name).toMatch(/^\$[\w$]*$/);
  });
});
