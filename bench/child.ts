/**
 * One measurement in its own process (bench/run.ts starts these, two at a time on two cores): the exactness games
 * in shards, the bundle builds, and the allocation counts (which need their own node flags). Progress goes to
 * stderr; the result is one line of JSON on stdout.
 *
 *   node --import tsx bench/child.ts exactness '{"seed":1,"from":0,"to":2500,"total":10000,"delivery":{…}}'
 *   node --expose-gc --min-semi-space-size=128 --max-semi-space-size=128 [--jitless] --import tsx bench/child.ts alloc '{"kind":"main"}'
 *   node --import tsx bench/child.ts bundle
 */
import { runExactness } from './exactness';
import { measureAlloc } from './alloc';
import { bundleSizes } from './bundle';

async function main(): Promise<unknown> {
  const task = process.argv[2];
  const args = JSON.parse(process.argv[3] || '{}');
  if (task === 'exactness') {
    const count = args.to - args.from;
    return runExactness(args.seed, args.from, args.to, args.total, args.delivery, (done) => {
      process.stderr.write(done + '/' + count + ' games\n');
    });
  }
  if (task === 'alloc') return measureAlloc(args.kind);
  if (task === 'bundle') return bundleSizes();
  throw new Error('unknown task ' + task);
}

main().then(
  (result) => process.stdout.write(JSON.stringify(result) + '\n'),
  (error) => {
    process.stderr.write(String(error && error.stack ? error.stack : error) + '\n');
    process.exit(1);
  },
);
