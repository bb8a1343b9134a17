// `npm run hosts:build`: builds every host project (tests/e2e/hosts.builds.ts) against the packed
// package, once, and records the results in tests/hosts/.runs/prebuilt.json for hosts.spec.ts, which
// then skips its builds (`npm run test:prepare` runs it, for running the browser tests alone again and
// again; `npm test` lets the spec build, beside the other browser tests and the unit tests). Nothing is
// built again while the package and the hosts' sources are unchanged. It always exits 0: a host that fails to build fails its own test,
// with the tool's output, when the spec reads the record.
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { buildHosts, buildKey, PREBUILT, type Prebuilt } from '../e2e/hosts.builds';
import { pack, runDir } from '../e2e/hosts.project';

try {
  const dir = await runDir();
  const tarball = await pack(dir);
  const key = buildKey(tarball);
  const previous = existsSync(PREBUILT) ? (JSON.parse(readFileSync(PREBUILT, 'utf8')) as Prebuilt) : undefined;
  if (previous?.key === key && existsSync(previous.dir)) {
    process.stdout.write('The host projects are built for this package already\n');
    await rm(dir, { recursive: true, force: true });
  } else {
    const started = Date.now();
    const builds = buildHosts(dir, tarball);
    const hosts: Prebuilt['hosts'] = {};
    await Promise.all(
      Object.entries(builds).map(([name, build]) =>
        build.then(
          (built) => void (hosts[name] = { ok: true, built }),
          (error: Error) => void (hosts[name] = { ok: false, error: error.message }),
        ),
      ),
    );
    mkdirSync(dirname(PREBUILT), { recursive: true });
    writeFileSync(`${PREBUILT}.tmp`, JSON.stringify({ key, dir, hosts } satisfies Prebuilt));
    renameSync(`${PREBUILT}.tmp`, PREBUILT);
    if (previous && previous.dir !== dir) await rm(previous.dir, { recursive: true, force: true });
    const failed = Object.keys(hosts).filter((name) => !hosts[name]!.ok);
    process.stdout.write(
      `Built the host projects in ${Math.round((Date.now() - started) / 1000)} s${failed.length ? `; failed: ${failed.join(', ')} (their tests say why)` : ''}\n`,
    );
  }
} catch (error) {
  process.stdout.write(
    `The host projects were not built ahead (hosts.spec.ts builds them): ${(error as Error).message}\n`,
  );
}
