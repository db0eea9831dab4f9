import fs from 'fs';
import { TraceMap, decodedMappings } from '@jridgewell/trace-mapping';
const [file, want] = process.argv.slice(2);
const code = fs.readFileSync(file, 'utf8');
const map = new TraceMap(JSON.parse(fs.readFileSync(file + '.map', 'utf8')));
const lines = code.split('\n'); const dec = decodedMappings(map);
let out = ''; let last = -1;
for (let l = 0; l < dec.length; l++) { const segs = dec[l];
  for (let i = 0; i < segs.length; i++) { const s = segs[i]; const end = i + 1 < segs.length ? segs[i + 1][0] : lines[l].length;
    if (s.length > 1 && map.sources[s[1]].includes(want)) { if (last !== -1 && last !== s[0]) out += ' … '; out += lines[l].slice(s[0], end); last = end; } } }
console.log(out);
