// The Dockerfile, compose.yaml and deploy/Caddyfile, linted without a container runtime:
// hadolint, `docker compose config` and `caddy validate` when they are on PATH, and our own
// rules (deploy-files.mjs) always. tests/e2e/production-start.spec.ts starts the image's command line.
import { execFileSync, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dockerCmd, dockerEnv, lintCaddyfile, lintCompose, lintDockerfile, parseCompose } from './deploy-files.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const onPath = (command: string, args: string[]) => spawnSync(command, args, { stdio: 'ignore' }).status === 0;

describe('Dockerfile', () => {
  const dockerfile = read('Dockerfile');

  it('follows our rules: multi-stage, pinned bases, non-root, health check, volume, exec-form CMD', () => {
    expect(lintDockerfile(dockerfile)).toEqual([]);
  });

  it('runs the compiled service as the production start does, listening on all interfaces with its data in the volume', () => {
    expect(dockerCmd(dockerfile)).toEqual(['node', 'dist/server/main.js']);
    expect(dockerEnv(dockerfile)).toMatchObject({ HOST: '0.0.0.0', DATABASE_PATH: '/app/data/service.sqlite', NODE_ENV: 'production' });
    expect(dockerfile).toMatch(/^VOLUME \/app\/data$/m);
    expect(dockerfile).toMatch(/^EXPOSE 4173$/m);
    expect(dockerfile).toMatch(/^FROM node:20-bookworm-slim$/m);
    // The build takes the public address the prerendered pages carry, then leaves only runtime packages.
    expect(dockerfile).toMatch(/^ARG PUBLIC_URL/m);
    expect(dockerfile).toMatch(/npm run build && npm prune --omit=dev/);
  });

  it('copies into the final stage only the manifests, node_modules, dist/, the example pages and the tools\' runner', () => {
    const final = dockerfile.slice(dockerfile.lastIndexOf('\nFROM '));
    const copied = [...final.matchAll(/^COPY --from=build (\S+)/gm)].map((m) => m[1]);
    expect(copied).toEqual(['/app/package.json', '/app/server/package.json', '/app/node_modules', '/app/dist', '/app/examples', '/app/server/run.mjs']);
  });

  it('passes hadolint when it is installed', { skip: !onPath('hadolint', ['--version']) }, () => {
    execFileSync('hadolint', ['Dockerfile'], { cwd: ROOT, stdio: 'pipe' });
  });

  it('keeps secrets and local files out of the build context (.dockerignore)', () => {
    const ignored = read('.dockerignore').split('\n').map((l) => l.trim());
    for (const entry of ['.env', '.git', 'node_modules', 'dist', 'data', '*.csv']) expect(ignored).toContain(entry);
  });

  it('our rules catch what they are for', () => {
    const bad = 'FROM node:latest\nADD https://example.com/x.tgz /x\nCMD node main.js\n';
    expect(lintDockerfile(bad)).toEqual([
      'it is not multi-stage (a build stage, then a runtime stage)',
      'FROM node:latest uses the latest tag',
      'the final stage sets no USER (it would run as root)',
      'the final stage has no HEALTHCHECK',
      'the final stage declares no VOLUME for its data',
      'the final stage EXPOSEs no port',
      'CMD is not in exec form (JSON array), so SIGTERM would go to a shell: node main.js',
      'ADD fetches a URL: https://example.com/x.tgz /x',
    ]);
    expect(lintDockerfile('FROM node:20 AS b\nFROM b\nUSER root\nHEALTHCHECK CMD curl -f http://x/\nVOLUME /d\nEXPOSE 1\nCMD ["node"]\n')).toEqual([
      'the final stage runs as root',
      'HEALTHCHECK does not ask /api/health',
      'HEALTHCHECK uses curl or wget, which slim images lack',
    ]);
  });
});

describe('compose.yaml', () => {
  const compose = read('compose.yaml');
  const mounted = (path: string) => read(join(dirname('compose.yaml'), path));

  it('has postgres, app1 and app2 on it, and Caddy in front checking /api/health', () => {
    expect(lintCompose(compose, mounted)).toEqual([]);
    expect(Object.keys(parseCompose(compose).services)).toEqual(['postgres', 'app1', 'app2', 'proxy']);
  });

  it('holds no secret: every password comes from the environment or .env', () => {
    expect(compose).not.toMatch(/^\s*\w*PASSWORD:\s+(?!\$\{)\S/m);
    expect(compose).not.toMatch(/^\s*\w*(SECRET|TOKEN|PRIVATE_KEY)\w*:/m);
  });

  it('is valid for `docker compose config` when Compose is installed', { skip: !onPath('docker', ['compose', 'version']) }, () => {
    execFileSync('docker', ['compose', 'config', '--quiet'], { cwd: ROOT, stdio: 'pipe', env: { ...process.env, POSTGRES_PASSWORD: 'lint-only' } });
  });

  it('our rules catch what they are for', () => {
    const bad = `
services:
  postgres: { image: "postgres:latest" }
  app1: { image: a, environment: { DATABASE_URL: "postgres://u:hunter2@db/x" }, depends_on: [postgres] }
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
      'app1: no healthcheck on /api/health',
      'no app2 service',
      './Caddyfile: reverse_proxy does not name app2:4173',
      './Caddyfile: no active health check on /api/health (health_uri)',
      './Caddyfile: no lb_try_duration: a request to a restarting instance would fail',
    ]);
  });
});

describe('deploy/Caddyfile', () => {
  it('balances over both instances with active health checks and retries', () => {
    expect(lintCaddyfile(read('deploy/Caddyfile'))).toEqual([]);
  });

  it('is a valid Caddy configuration when Caddy is installed', { skip: !onPath('caddy', ['version']) }, () => {
    execFileSync('caddy', ['adapt', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'], { cwd: ROOT, stdio: 'pipe' });
  });
});
