// The machinery behind hosts.spec.ts: a private copy of each host project under tests/hosts, with the
// packed package installed into it, and the commands and servers that build and serve it.
import { execFile, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdir, mkdtemp, readFile, rename, stat, writeFile } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import { patience } from '../support/slowdown.mjs';

export const ROOT = resolve(import.meta.dirname, '../..');
const HOSTS = join(ROOT, 'tests/hosts');
const MODULES = join(HOSTS, 'node_modules');

/** The environment the tools run in: no telemetry or prompts (they would reach outside hosts), no test runner's options. */
function env(): NodeJS.ProcessEnv {
  const vars: NodeJS.ProcessEnv = {
    ...process.env,
    NEXT_TELEMETRY_DISABLED: '1',
    NG_CLI_ANALYTICS: 'false',
    CI: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
  };
  for (const key of ['NODE_OPTIONS', 'NODE_ENV']) delete vars[key];
  return vars;
}

/** Runs a command to its end; rejects with everything it printed when it fails. */
export function run(command: string, args: string[], cwd: string): Promise<string> {
  return new Promise((done, fail) => {
    execFile(command, args, { cwd, env: env(), maxBuffer: 64 << 20 }, (error, stdout, stderr) => {
      if (error)
        fail(
          new Error(
            `${basename(command)} ${args.join(' ').slice(0, 200)} failed in ${cwd}:\n${`${stdout}${stderr}`.slice(-8000)}`,
          ),
        );
      else done(`${stdout}${stderr}`);
    });
  });
}

/**
 * A folder for this run's copies, beside the hosts' node_modules on the same filesystem (hardlinks cannot cross).
 * The hosts' dependencies are installed first when missing or stale (`npm run hosts:install`: at once when
 * they are current; `npm test` starts it beside the build, and this waits for it through its lock).
 */
export async function runDir(): Promise<string> {
  await run(process.execPath, [join(HOSTS, 'install.mjs')], ROOT);
  const base = (await stat(tmpdir())).dev === (await stat(MODULES)).dev ? tmpdir() : join(HOSTS, '.runs');
  await mkdir(base, { recursive: true });
  return mkdtemp(join(base, 'ai-widgets-hosts-'));
}

/** Packs the package into `dir` (dist/ is built already; prepack would build it again). */
export async function pack(dir: string): Promise<string> {
  const out = await run('npm', ['pack', '--ignore-scripts', '--silent', '--pack-destination', dir], ROOT);
  return join(dir, out.trim().split('\n').at(-1)!);
}

/**
 * The package packed once for the whole browser-test run, whichever spec asks first (package.spec.ts and
 * hosts.spec.ts run on two workers at once): into the run's folder that the global setup made
 * (E2E_RUN_DIR), where the others wait for it. Outside such a run, into `dir`.
 */
export async function packedOnce(dir: string): Promise<string> {
  const shared = process.env.E2E_RUN_DIR;
  if (!shared) return pack(dir);
  const folder = join(shared, 'package');
  const done = join(shared, 'package.json');
  try {
    await mkdir(folder);
  } catch {
    // Another worker is packing: its record names the tarball, or why packing failed.
    for (let waited = 0; !existsSync(done); waited += 200) {
      if (waited > patience(120_000)) throw new Error(`No worker finished packing into ${folder}`);
      await new Promise((tick) => setTimeout(tick, 200));
    }
    const record = JSON.parse(await readFile(done, 'utf8')) as { tarball?: string; error?: string };
    if (!record.tarball) throw new Error(`Packing failed in another worker: ${record.error}`);
    return record.tarball;
  }
  const record = await pack(folder).then(
    (tarball) => ({ tarball }),
    (error: Error) => ({ error: error.message }),
  );
  await writeFile(`${done}.tmp`, JSON.stringify(record));
  await rename(`${done}.tmp`, done);
  if ('error' in record) throw new Error(record.error);
  return record.tarball;
}

type Deps = Record<string, string>;
type Lock = Record<
  string,
  {
    version?: string;
    dependencies?: Deps;
    optionalDependencies?: Deps;
    peerDependencies?: Deps;
    peerDependenciesMeta?: Record<string, { optional?: boolean }>;
  }
>;

/** Where Node finds `name` from the package at `from` (a lockfile path, '' for the project): its own node_modules, then its parents'. */
function resolveIn(lock: Lock, from: string, name: string): string | undefined {
  for (let base = from; ; base = base.slice(0, Math.max(0, base.lastIndexOf('/node_modules/')))) {
    const path = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (lock[path]) return path;
    if (!base) return undefined;
  }
}

/** The top-level folders of node_modules that the packages `names` load, following every dependency as Node resolves it. */
function closure(lock: Lock, names: string[]): string[] {
  const seen = new Set<string>();
  const todo = names.map((name) => resolveIn(lock, '', name)!);
  for (let path = todo.pop(); path; path = todo.pop()) {
    if (seen.has(path)) continue;
    seen.add(path);
    const { dependencies, optionalDependencies, peerDependencies, peerDependenciesMeta: meta } = lock[path]!;
    // An optional peer is the host's choice (sass for Vite, say): a host's own install leaves it out.
    const peers = Object.keys(peerDependencies ?? {}).filter((name) => !meta?.[name]?.optional);
    for (const name of [...Object.keys({ ...dependencies, ...optionalDependencies }), ...peers]) {
      const found = resolveIn(lock, path, name);
      if (found) todo.push(found);
    }
  }
  // A nested package comes along with the top-level one it sits in; other platforms' binaries are in the lockfile only.
  return [...seen]
    .map((path) => path.split('/node_modules/')[0]!.slice('node_modules/'.length))
    .filter((pkg) => existsSync(join(MODULES, pkg)));
}

/**
 * A private copy of one host: its files; its node_modules, hardlinked from the hosts' shared one (no
 * tool here writes into node_modules, so the shared files stay untouched), holding only what its
 * package.json's dependencies load, as its own install would; and the tarball unpacked into
 * node_modules/ai-agent-widgets as npm installs it. `swap` takes an aliased package in its real
 * name's place (`jest-29` as `jest`).
 */
export async function copyHost(
  dir: string,
  folder: string,
  name: string,
  tarball: string,
  swap: Record<string, string> = {},
): Promise<string> {
  const to = join(dir, name);
  await cp(join(HOSTS, folder), to, {
    recursive: true,
    filter: (from) => !/[\\/](node_modules|dist|\.next|\.angular)$/.test(from),
  });
  const manifest = JSON.parse(await readFile(join(to, 'package.json'), 'utf8')) as {
    dependencies?: Record<string, string>;
    devDependencies?: Record<string, string>;
  };
  const lock = (JSON.parse(await readFile(join(HOSTS, 'package-lock.json'), 'utf8')) as { packages: Lock }).packages;
  const wanted = Object.entries({ ...manifest.dependencies, ...manifest.devDependencies });
  for (const [dep, version] of wanted)
    if (!swap[dep] && lock[`node_modules/${dep}`]?.version !== version)
      throw new Error(
        `tests/hosts/${folder}/package.json wants ${dep}@${version}, which tests/hosts/package.json does not install`,
      );
  // One cp per scope: its packages go into node_modules/@scope/ (the unscoped ones into node_modules/.).
  const scopes = new Map<string, string[]>();
  for (const pkg of new Set(
    closure(
      lock,
      wanted.map(([dep]) => swap[dep] ?? dep),
    ),
  ))
    scopes.set(dirname(pkg), [...(scopes.get(dirname(pkg)) ?? []), join(MODULES, pkg)]);
  for (const [scope, pkgs] of scopes) {
    await mkdir(join(to, 'node_modules', scope), { recursive: true });
    await run('cp', ['-al', ...pkgs, join(to, 'node_modules', scope)], dir);
  }
  for (const [real, alias] of Object.entries(swap))
    await rename(join(to, 'node_modules', alias), join(to, 'node_modules', real));
  const pkg = join(to, 'node_modules/ai-agent-widgets');
  await mkdir(pkg);
  await run('tar', ['-xzf', tarball, '-C', pkg, '--strip-components=1'], dir);
  return to;
}

/** Angular 22's CLI refuses Node before 22.22.3: on an older Node it runs on the Node 22 that the hosts' dependencies install. */
export function angularNode(): string {
  const [major, minor, patch] = process.versions.node.split('.').map(Number) as [number, number, number];
  const supported =
    major >= 26 || (major === 24 && minor >= 15) || (major === 22 && (minor > 22 || (minor === 22 && patch >= 3)));
  if (supported) return process.execPath;
  const node = join(MODULES, 'node-22/bin/node');
  // That package is Linux x64's build: elsewhere, run the tests on Node 22.22.3 or later.
  if (!existsSync(node))
    throw new Error(`Angular 22 needs Node 22.22.3 or later; this is ${process.version}, and ${node} is missing`);
  return node;
}

/**
 * A long-running command (a dev or production server) in its own process group. `ready` resolves
 * with what it printed once that matches `pattern`; the child is there at once, to be stopped whatever happens.
 */
export function start(
  command: string,
  args: string[],
  cwd: string,
  pattern: RegExp,
): { child: ChildProcess; output: () => string; ready: Promise<string> } {
  const child = spawn(command, args, { cwd, env: env(), detached: true, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  const ready = new Promise<string>((done, fail) => {
    const timer = setTimeout(() => fail(new Error(`${args.join(' ')} did not start:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk;
      if (pattern.test(output)) {
        clearTimeout(timer);
        done(output);
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.on('exit', (code) => fail(new Error(`${args.join(' ')} exited (${code}):\n${output}`)));
  });
  return { child, output: () => output, ready };
}

/** Ends a server started above with the processes it started (Next's dev server runs its own child), and waits for it. */
export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  const signal = (name: NodeJS.Signals) => {
    try {
      process.kill(-child.pid!, name);
    } catch {
      // The group has gone already.
    }
  };
  signal('SIGTERM');
  const timer = setTimeout(() => signal('SIGKILL'), 5_000);
  await exited;
  clearTimeout(timer);
}

const TYPES: Record<string, string> = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.json': 'application/json',
  '.svg': 'image/svg+xml',
};

/**
 * Serves a built app's folder as a static host would, and stands in for the service on the same
 * origin: the feedback form's `backend-url="/api"` posts to /api/feedback here.
 */
export async function site(root: string): Promise<{ origin: string; server: Server }> {
  const server = createServer(async (req, res) => {
    const path = decodeURIComponent(new URL(req.url ?? '/', 'http://host').pathname);
    if (req.method === 'POST' && path === '/api/feedback')
      return void res.writeHead(201, { 'Content-Type': 'application/json' }).end('{"id":1}');
    const file = join(root, path.endsWith('/') ? `${path}index.html` : path);
    const body = relative(root, file).startsWith('..') ? null : await readFile(file).catch(() => null);
    if (body) res.writeHead(200, { 'Content-Type': TYPES[extname(file)] ?? 'application/octet-stream' }).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  return { origin: `http://127.0.0.1:${(server.address() as { port: number }).port}`, server };
}
