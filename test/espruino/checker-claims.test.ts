/**
 * What the bundle checker refuses because the interpreter gets it wrong, shown on the interpreter itself: each
 * snippet gives a different answer on Espruino 2v29 than on V8, the checker refuses it with its rule, and the form
 * the build writes instead gives V8's answer on both and passes the checker. So a rule cannot be left in place
 * after the interpreter stops needing it, nor missed while it still does.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as vm from 'vm';
import { cleanOutput, interpreterPath } from '../../sim/espruino/interpreter';
import { checker } from '../bundle/scripts';
import { describeOnEspruino } from './support';

jest.setTimeout(60000);

/** Runs `code` (which calls `result(value)`) from RAM on espruino-12k and returns the value it printed. */
function onEspruino(code: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'goclock-claim-'));
  const file = path.join(dir, 'claim.js');
  fs.writeFileSync(file, 'function result(v){print("@@"+"result="+JSON.stringify(v));}\n' + code + '\n');
  try {
    // stdin stays an open pipe (at end of input the host build reads garbage); it exits when no timer is left.
    const out = execFileSync(interpreterPath('espruino-12k'), [file], { cwd: dir, input: '', timeout: 20000, stdio: ['pipe', 'pipe', 'pipe'] });
    const line = cleanOutput(out.toString('latin1')).split('\n').find((l) => l.startsWith('@@result='));
    return line === undefined ? 'no result: ' + cleanOutput(out.toString('latin1')) : line.slice('@@result='.length);
  } catch (e) {
    const out = (e as { stdout?: Buffer }).stdout;
    const line = out && cleanOutput(out.toString('latin1')).split('\n').find((l) => l.startsWith('@@result='));
    if (line) return line.slice('@@result='.length);
    // an uncaught exception ends the run with a non-zero status: that is an answer too (V8 never gives it)
    if (out && out.length > 0) return 'no result, exit ' + (e as { status?: number }).status + ': ' + cleanOutput(out.toString('latin1'));
    throw e;
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

function onV8(code: string): string {
  let value = 'no result';
  vm.runInNewContext(code, { result: (v: unknown) => (value = JSON.stringify(v)), Math: Math });
  return value;
}

const claims: Array<{ rule: string; refused: string; instead: string }> = [
  {
    rule: 'length-assignment',
    refused: 'var a = [1, 2, 3]; try { a.length = 1; result(a); } catch (e) { result("threw"); }',
    instead: 'var a = [1, 2, 3]; a.splice(1, 2); result(a);',
  },
  {
    rule: 'case-literal',
    refused: 'function f(e) { var n = 0; switch (e.system) { case "byoyomi": "overtime" === e.phase && (n = 1); break; } return n; } result(f({ system: "byoyomi", phase: "overtime" }));',
    instead: 'function f(e) { var n = 0; switch (e.system) { case "byoyomi": e.phase === "overtime" && (n = 1); break; } return n; } result(f({ system: "byoyomi", phase: "overtime" }));',
  },
  {
    rule: 'var-hoisting',
    refused: '(function () { function r(e) { return "fit:" + e; } function q(e) { return (t = e, r = Math.floor(t / 1e3), r); var t, r; } q(5000); result(typeof r); })();',
    instead: '(function () { function r(e) { return "fit:" + e; } function q(e) { var t = e, r = Math.floor(t / 1e3); return r; } q(5000); result(typeof r); })();',
  },
  {
    rule: 'regexp',
    refused: 'result(/^-?\\d+$/.test("12"));',
    instead: 'result(/^\\d+$/.test("12") || /^-\\d+$/.test("12"));',
  },
  {
    rule: 'string-search',
    refused: 'result("ab".indexOf("bc"));',
    // findText (firmware/clock/text.ts) as the build writes it: a match counts only where the whole needle fits
    instead: 'function findText(t, n, from) { var s = from === undefined ? 0 : from; var at = t.indexOf(n, s); return at >= s && at + n.length <= t.length && t.substring(at, at + n.length) === n ? at : -1; } result(findText("ab", "bc"));',
  },
  {
    rule: 'try-literal',
    refused: 'function f() { throw new Error("x"); } var r = "none"; try { var o = { a: f(), b: 1 }; r = "no throw"; } catch (e) { r = "caught"; } result(r);',
    instead: 'function f() { throw new Error("x"); } var r = "none"; try { var a = f(); var o = { a: a, b: 1 }; r = "no throw"; } catch (e) { r = "caught"; } result(r);',
  },
];

describeOnEspruino('each construct the checker refuses for the interpreter\'s sake', () => {
  test.each(claims)('$rule: wrong on Espruino, refused; what the build writes instead is right and passes', ({ rule, refused, instead }) => {
    expect(onEspruino(refused)).not.toBe(onV8(refused));
    expect(checker.checkSource(refused).map((p) => p.rule)).toContain(rule);
    expect(onEspruino(instead)).toBe(onV8(instead));
    expect(checker.checkSource(instead)).toEqual([]);
  });
});
