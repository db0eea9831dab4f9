/** For the console API's tests on the interpreter (console-copies, console-fuzz). */

/** Espruino, an expression: `poison(v, 0)` writes over everything reachable from `v` (numbers -5, strings "x", arrays grown). */
export const POISON =
  '(poison=function(v,d){if(typeof v!=="object"||v===null||d>8)return;Object.keys(v).forEach(function(k){' +
  'if(typeof v[k]==="number")v[k]=-5;else if(typeof v[k]==="string")v[k]="x";else poison(v[k],d+1);});' +
  'if(Array.isArray(v))v.push({side:"black",atMs:-5});else v.forged=true;})&&1';
