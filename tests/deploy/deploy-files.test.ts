// The Dockerfile, compose.yaml and deploy/Caddyfile, linted without a container runtime:
// hadolint, `docker compose config` and `caddy validate` when they are on PATH, and our own
// rules (deploy-files.mjs) always. tests/e2e/production-start.spec.ts starts the image's command line.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  dockerBases,
  dockerCmd,
  dockerEnv,
  dockerIgnored,
  lintCaddyfile,
  lintCompose,
  lintDockerfile,
  parseCompose,
} from './deploy-files.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const onPath = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('follows our rules: multi-stage, bases pinned by digest, non-root, health check, no image volume, exec-form CMD', () => {
    expect(lintDockerfile(dockerfile)).toEqual([]);
  });

  it('runs the compiled service as the production start does, listening on all interfaces with its data in the volume', () => {
    expect(dockerCmd(dockerfile)).toEqual(['node', 'dist/server/main.js']);
    expect(dockerEnv(dockerfile)).toMatchObject({
      HOST: '0.0.0.0',
      DATABASE_PATH: '/app/data/service.sqlite',
      NODE_ENV: 'production',
    });
    expect(dockerfile).not.toMatch(/^VOLUME/m);
    expect(dockerfile).toMatch(/^RUN mkdir -p \/app\/data && chown node:node \/app\/data$/m);
    expect(dockerfile).toMatch(/^EXPOSE 4173$/m);
    // The build takes the public address the prerendered pages carry, then leaves only runtime packages.
    expect(dockerfile).toMatch(/^ARG PUBLIC_URL/m);
    expect(dockerfile).toMatch(/npm run build && npm prune --omit=dev/);
  });

  it("copies into the final stage only the manifests, node_modules, dist/, the example pages and the tools' runner", () => {
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const copied = [...final.matchAll(/^COPY --from=build (\S+)/gm)].map((m) => m[1]);
    expect(copied).toEqual([
      '/app/package.json',
      '/app/server/package.json',
      '/app/node_modules',
      '/app/dist',
      '/app/examples',
      '/app/server/run.mjs',
    ]);
  });

  it('builds and runs on Node 24 LTS, each base pinned by the digest of its index with the tag beside it', () => {
    expect(dockerBases(dockerfile)).toEqual([
      { name: 'node', tag: '24-bookworm', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
      { name: 'node', tag: '24-bookworm-slim', digest: expect.stringMatching(/^sha256:[0-9a-f]{64}$/) },
    ]);
    // The image's Node is one package.json promises to support, and the docs say the same.
    const engines = (JSON.parse(read('package.json')) as { engines: { node: string } }).engines.node;
    const server = (JSON.parse(read('server/package.json')) as { engines: { node: string } }).engines.node;
    expect(engines).toBe('^20.19.0 || ^22.12.0 || >=24');
    expect(server).toBe(engines);
    expect(read('README.md')).toMatch(/Node 20\.19, 22\.12 or 24/);
    expect(read('docs/operations.md')).toMatch(/Node 24 LTS/);
  });

  it('passes hadolint when it is installed', { skip: !onPath('hadolint', ['--version']) }, () => {
    execFileSync('hadolint', ['Dockerfile'], { cwd: ROOT, stdio: 'pipe' });
  });

  it('keeps secrets, every install and every test output out of the build context (.dockerignore)', () => {
    const dockerignore = read('.dockerignore');
    const out = [
      '.env',
      '.env.production',
      'service.env',
      '.git/HEAD',
      'data/service.sqlite',
      'leads.csv',
      'node_modules/vite/package.json',
      'server/node_modules/pg/package.json',
      'tests/hosts/node_modules/react/index.js',
      'tests/hosts/vue/node_modules/.bin/vite',
      'dist/widgets/ai-widgets.js',
      'tests/hosts/vue/dist/index.html',
      'test-results/a/trace.zip',
      'playwright-report/index.html',
      'tests/hosts/.runs/vue/log',
      'tests/hosts/next/.next/BUILD_ID',
    ];
    const kept = [
      'package.json',
      'package-lock.json',
      '.env.example',
      'server/main.ts',
      'widgets/feedback/machine.ts',
      'examples/index.html',
      'site/routes.ts',
    ];
    expect(out.filter((path) => !dockerIgnored(dockerignore, path))).toEqual([]);
    expect(kept.filter((path) => dockerIgnored(dockerignore, path))).toEqual([]);
    // Whatever git ignores as an output is not sent either (secrets and outputs alike).
    const gitignored = read('.gitignore')
      .split('\n')
      .map((l) => l.trim())
      .filter((l) => l && !l.startsWith('#') && !l.startsWith('!'));
    const sample = (pattern: string) => pattern.replace(/\/$/, '').replaceAll('*', 'x');
    expect(gitignored.filter((pattern) => !dockerIgnored(dockerignore, sample(pattern)))).toEqual([]);
  });

  it("our .dockerignore reading follows Docker's rules", () => {
    const rules = '**/node_modules\ndist\n.env.*\n!.env.example\n*.csv\n';
    expect(
      ['a/b/node_modules/c', 'node_modules', 'dist/x', '.env.local', 'x.csv'].map((p) => dockerIgnored(rules, p)),
    ).toEqual([true, true, true, true, true]);
    expect(['.env.example', 'site/dist/x', 'a/x.csv', 'node_modules_x'].map((p) => dockerIgnored(rules, p))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('our rules catch what they are for', () => {
    const bad = 'FROM node:latest\nADD https://example.com/x.tgz /x\nCMD node main.js\n';
    expect(lintDockerfile(bad)).toEqual([
      'it is not multi-stage (a build stage, then a runtime stage)',
      'FROM node:latest uses the latest tag',
      'FROM node:latest is not pinned by digest (@sha256:…)',
      'the final stage sets no USER (it would run as root)',
      'the final stage has no HEALTHCHECK',
      'the final stage EXPOSEs no port',
      'CMD is not in exec form (JSON array), so SIGTERM would go to a shell: node main.js',
      'ADD fetches a URL: https://example.com/x.tgz /x',
    ]);
    expect(
      lintDockerfile(
        'FROM node:20 AS b\nFROM b\nUSER root\nHEALTHCHECK CMD curl -f http://x/\nVOLUME /d\nEXPOSE 1\nCMD ["node"]\n',
      ),
    ).toEqual([
      'FROM node:20 is not pinned by digest (@sha256:…)',
      'the final stage runs as root',
      'HEALTHCHECK does not ask /api/health',
      'HEALTHCHECK uses curl or wget, which slim images lack',
      'the final stage declares a VOLUME (an anonymous volume for every container: mount a named one at run time)',
    ]);
    expect(
      lintDockerfile(
        `FROM node@sha256:${'a'.repeat(64)} AS b\nFROM b\nUSER node\nHEALTHCHECK CMD node /api/health\nEXPOSE 1\nCMD ["node"]\n`,
      ),
    ).toEqual([`FROM node@sha256:${'a'.repeat(64)} has no tag beside its digest (people read the tag)`]);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  const mounted = (path: string) => read(join(dirname('compose.yaml'), path));

  it('has postgres, app1 and app2 on it, Caddy in front checking /api/ready, and Prometheus on a profile', () => {
    expect(lintCompose(compose, mounted)).toEqual([]);
    expect(Object.keys(parseCompose(compose).services)).toEqual(['postgres', 'app1', 'app2', 'proxy', 'prometheus']);
    expect(parseCompose(compose).services.prometheus.profiles).toEqual(['monitoring']);
  });

  it('holds no secret: every password comes from the environment or .env', () => {
    expect(compose).not.toMatch(/^\s*\w*PASSWORD:\s+(?!\$\{)\S/m);
    expect(compose).not.toMatch(/^\s*\w*(SECRET|TOKEN|PRIVATE_KEY)\w*:/m);
  });

  it(
    'is valid for `docker compose config` when Compose is installed',
    { skip: !onPath('docker', ['compose', 'version']) },
    () => {
      // In a copy, with the example as the operator's service.env (the real one is never in the repository).
      const dir = mkdtempSync(join(tmpdir(), 'compose-'));
      try {
        copyFileSync(join(ROOT, 'compose.yaml'), join(dir, 'compose.yaml'));
        writeFileSync(
          join(dir, 'service.env'),
          read('service.env.example').replace(/^POSTGRES_PASSWORD=$/m, 'POSTGRES_PASSWORD=lint-only'),
        );
        execFileSync('docker', ['compose', '--env-file', 'service.env', 'config', '--quiet'], {
          cwd: dir,
          stdio: 'pipe',
        });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );

  it('our rules catch what they are for', () => {
    const bad = `
services:
  postgres: { image: "postgres:latest" }
  app1: { image: a, env_file: [.env], volumes: ["./data:/app/data"], environment: { DATABASE_URL: "postgres://u:hunter2@db/x" }, depends_on: [postgres] }
  proxy: { image: "caddy:2", ports: ["80:80"], volumes: ["./Caddyfile:/etc/caddy/Caddyfile"] }
`;
    expect(lintCompose(bad, () => 'reverse_proxy app1:4173\n')).toEqual([
      'service postgres: image postgres:latest has no pinned tag',
      'service app1: image a has no pinned tag',
      'postgres: not a pinned postgres image',
      'postgres: no healthcheck',
      'postgres: its data is not on a named volume',
      'postgres: the password is not taken from the environment',
      'app1: DATABASE_URL does not point at the postgres service',
      'app1: DATABASE_URL holds a literal password',
      'app1: TRUST_PROXY is not 1 (one proxy in front)',
      'app1: does not wait for postgres to be healthy',
      'app1: does not set HOST=0.0.0.0 and PORT=4173 itself',
      'app1: reads the development .env',
      'app1: mounts a volume, though its data is in PostgreSQL',
      'app1: no healthcheck on /api/health',
      'no app2 service',
      './Caddyfile: reverse_proxy does not name app2:4173',
      './Caddyfile: no active health check on /api/ready (health_uri)',
      './Caddyfile: no lb_try_duration: a request to a restarting instance would fail',
    ]);
  });
});

describe('deploy/Caddyfile', () => {
  it('balances over both instances with active health checks and retries', () => {
    expect(lintCaddyfile(read('deploy/Caddyfile'))).toEqual([]);
  });

  it('is a valid Caddy configuration when Caddy is installed', { skip: !onPath('caddy', ['version']) }, () => {
    execFileSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], {
      cwd: ROOT,
      stdio: 'pipe',
    });
  });
});
