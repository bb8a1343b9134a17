// Our own lint of the Dockerfile, compose.yaml and deploy/Caddyfile, for machines without
// hadolint or `docker compose` (deploy-files.test.ts runs those too when they are on PATH).
// Each check returns the problems it finds as sentences; none means the file passes.
import { parse } from 'yaml';

/**
 * The Dockerfile's instructions, continuation lines joined, comments and blank lines left out.
 * @param {string} text
 * @returns {{ keyword: string, args: string }[]}
 */
export function dockerInstructions(text) {
  const joined = text
    .split('\n')
    .filter((line) => !/^\s*#/.test(line))
    .join('\n')
    .replace(/\\\n/g, ' ');
  return joined
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [, keyword, args] = /^(\S+)\s*(.*)$/.exec(line) ?? [];
      return { keyword: keyword.toUpperCase(), args: args.trim() };
    });
}

/**
 * `ENV A=1 B=2` (and the older `ENV A 1`) of the last stage, as an object.
 * @param {string} text
 */
export function dockerEnv(text) {
  const stages = splitStages(dockerInstructions(text));
  /** @type {Record<string, string>} */
  const env = {};
  for (const { keyword, args } of stages.at(-1) ?? []) {
    if (keyword !== 'ENV') continue;
    if (!args.includes('=')) {
      const [name, ...value] = args.split(/\s+/);
      env[name] = value.join(' ');
      continue;
    }
    for (const [, name, quoted, bare] of args.matchAll(/(\w+)=(?:"([^"]*)"|(\S*))/g)) env[name] = quoted ?? bare;
  }
  return env;
}

/**
 * The last stage's CMD in exec form, as the argument list it runs.
 * @param {string} text
 * @returns {string[]}
 */
export function dockerCmd(text) {
  const cmd = dockerInstructions(text)
    .filter((i) => i.keyword === 'CMD')
    .at(-1);
  if (!cmd) throw new Error('The Dockerfile has no CMD');
  const args = JSON.parse(cmd.args);
  if (!Array.isArray(args) || !args.every((a) => typeof a === 'string'))
    throw new Error(`CMD is not in exec form: ${cmd.args}`);
  return args;
}

/** @param {{ keyword: string, args: string }[]} instructions */
function splitStages(instructions) {
  /** @type {{ keyword: string, args: string }[][]} */
  const stages = [];
  for (const instruction of instructions) {
    if (instruction.keyword === 'FROM') stages.push([]);
    stages.at(-1)?.push(instruction);
  }
  return stages;
}

/**
 * Our rules for the Dockerfile: multi-stage, bases pinned by digest with their tag, a non-root user,
 * a health check on /api/health, no image-declared volume, CMD in exec form, no ADD of URLs.
 * @param {string} text
 * @returns {string[]}
 */
export function lintDockerfile(text) {
  const problems = [];
  const instructions = dockerInstructions(text);
  const stages = splitStages(instructions);
  if (stages.length < 2) problems.push('it is not multi-stage (a build stage, then a runtime stage)');
  for (const from of instructions.filter((i) => i.keyword === 'FROM')) {
    const image = from.args.replace(/^--platform=\S+\s+/, '').split(/\s+/)[0];
    const isStage = stages.some((stage) => stage[0].args.split(/\s+as\s+/i)[1] === image);
    if (isStage || image === 'scratch') continue;
    const [name, digest] = image.split('@');
    if (!/:[\w.-]+$/.test(name)) problems.push(`FROM ${image} has no tag beside its digest (people read the tag)`);
    if (/:latest$/.test(name)) problems.push(`FROM ${image} uses the latest tag`);
    if (!/^sha256:[0-9a-f]{64}$/.test(digest ?? '')) problems.push(`FROM ${name} is not pinned by digest (@sha256:…)`);
  }
  const final = stages.at(-1) ?? [];
  const user = final.filter((i) => i.keyword === 'USER').at(-1);
  if (!user) problems.push('the final stage sets no USER (it would run as root)');
  else if (/^(root|0)(:|$)/.test(user.args)) problems.push(`the final stage runs as ${user.args}`);
  const health = final.filter((i) => i.keyword === 'HEALTHCHECK').at(-1);
  if (!health) problems.push('the final stage has no HEALTHCHECK');
  else {
    if (!health.args.includes('/api/health')) problems.push('HEALTHCHECK does not ask /api/health');
    if (/\b(curl|wget)\b/.test(health.args)) problems.push('HEALTHCHECK uses curl or wget, which slim images lack');
  }
  // An image's VOLUME gives every container an anonymous volume, even one whose data is in PostgreSQL.
  if (final.some((i) => i.keyword === 'VOLUME'))
    problems.push(
      'the final stage declares a VOLUME (an anonymous volume for every container: mount a named one at run time)',
    );
  if (!final.some((i) => i.keyword === 'EXPOSE')) problems.push('the final stage EXPOSEs no port');
  const cmd = final.filter((i) => i.keyword === 'CMD').at(-1);
  if (!cmd) problems.push('the final stage has no CMD');
  else {
    try {
      dockerCmd(text);
    } catch {
      problems.push(`CMD is not in exec form (JSON array), so SIGTERM would go to a shell: ${cmd.args}`);
    }
  }
  for (const add of instructions.filter((i) => i.keyword === 'ADD')) {
    if (/\bhttps?:\/\//.test(add.args)) problems.push(`ADD fetches a URL: ${add.args}`);
  }
  for (const run of instructions.filter((i) => i.keyword === 'RUN')) {
    if (/\bsudo\b/.test(run.args)) problems.push(`RUN uses sudo: ${run.args}`);
  }
  return problems;
}

/**
 * The images the stages start from (not earlier stages), as `name:tag@digest` split up.
 * @param {string} text
 * @returns {{ name: string, tag: string, digest: string }[]}
 */
export function dockerBases(text) {
  const instructions = dockerInstructions(text).filter((i) => i.keyword === 'FROM');
  const stages = instructions.map((i) => i.args.split(/\s+as\s+/i)[1]).filter(Boolean);
  return instructions
    .map((i) => i.args.replace(/^--platform=\S+\s+/, '').split(/\s+/)[0])
    .filter((image) => !stages.includes(image))
    .map((image) => {
      const [ref, digest = ''] = image.split('@');
      const [name, tag = ''] = ref.split(':');
      return { name, tag, digest };
    });
}

/**
 * Whether Docker leaves a path of the context out, by .dockerignore's rules: each pattern matches the
 * path or one of its folders (`*` within a name, `**` across folders), the last matching one wins,
 * and `!` takes a path back in.
 * @param {string} dockerignore
 * @param {string} path relative to the context, with forward slashes
 */
export function dockerIgnored(dockerignore, path) {
  const rules = dockerignore
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const keep = line.startsWith('!');
      const pattern = (keep ? line.slice(1) : line).replace(/^\/+|\/+$/g, '');
      const source = pattern
        .split(/(\*\*\/|\*\*|\*|\?)/)
        .map(
          (part) =>
            ({ '**/': '(?:.*/)?', '**': '.*', '*': '[^/]*', '?': '[^/]' })[part] ??
            part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
        )
        .join('');
      return { keep, regex: new RegExp(`^${source}(?:/.*)?$`) };
    });
  let ignored = false;
  for (const rule of rules) if (rule.regex.test(path)) ignored = !rule.keep;
  return ignored;
}

/** The keys the Compose specification allows at the top and in a service (the ones we may use). */
const TOP_KEYS = new Set(['name', 'services', 'volumes', 'networks', 'configs', 'secrets', 'include', 'version']);
const SERVICE_KEYS = new Set([
  'build',
  'command',
  'container_name',
  'depends_on',
  'entrypoint',
  'env_file',
  'environment',
  'expose',
  'healthcheck',
  'image',
  'labels',
  'logging',
  'networks',
  'ports',
  'profiles',
  'pull_policy',
  'read_only',
  'restart',
  'secrets',
  'stop_grace_period',
  'stop_signal',
  'user',
  'volumes',
  'working_dir',
  'deploy',
  'init',
  'tmpfs',
  'ulimits',
  'configs',
]);
const HEALTHCHECK_KEYS = new Set([
  'test',
  'interval',
  'timeout',
  'retries',
  'start_period',
  'start_interval',
  'disable',
]);
const CONDITIONS = new Set(['service_started', 'service_healthy', 'service_completed_successfully']);

/**
 * compose.yaml as Compose reads it: YAML with merge keys (`<<: *app`); `x-` keys are extensions.
 * @param {string} text
 * @returns {any}
 */
export function parseCompose(text) {
  return parse(text, { merge: true });
}

/**
 * Our rules for compose.yaml: known keys; PostgreSQL with a health check and a named volume;
 * app1 and app2 on DATABASE_URL to it, trusting one proxy, started once it is healthy, each
 * with a health check on /api/health; a proxy in front whose config names both and the health path.
 * @param {string} text
 * @param {(path: string) => string} readFile reads a file the compose file mounts, relative to it
 * @returns {string[]}
 */
export function lintCompose(text, readFile) {
  const problems = [];
  const compose = parseCompose(text);
  for (const key of Object.keys(compose ?? {})) {
    if (!TOP_KEYS.has(key) && !key.startsWith('x-')) problems.push(`unknown top-level key "${key}"`);
  }
  const services = compose?.services ?? {};
  const namedVolumes = new Set(Object.keys(compose?.volumes ?? {}));
  for (const [name, service] of Object.entries(services)) {
    for (const key of Object.keys(/** @type {object} */ (service))) {
      if (!SERVICE_KEYS.has(key) && !key.startsWith('x-')) problems.push(`service ${name}: unknown key "${key}"`);
    }
    const s = /** @type {any} */ (service);
    if (!s.image && !s.build) problems.push(`service ${name}: neither image nor build`);
    if (typeof s.image === 'string' && /:latest$|^[^:]+$/.test(s.image.replace(/\$\{[^}]*\}/g, 'x'))) {
      problems.push(`service ${name}: image ${s.image} has no pinned tag`);
    }
    for (const key of Object.keys(s.healthcheck ?? {})) {
      if (!HEALTHCHECK_KEYS.has(key)) problems.push(`service ${name}: unknown healthcheck key "${key}"`);
    }
    const dependsOn = Array.isArray(s.depends_on)
      ? Object.fromEntries(s.depends_on.map((/** @type {string} */ d) => [d, {}]))
      : (s.depends_on ?? {});
    for (const [dependency, spec] of Object.entries(dependsOn)) {
      if (!services[dependency]) problems.push(`service ${name} depends on ${dependency}, which is not a service`);
      const condition = /** @type {any} */ (spec)?.condition;
      if (condition && !CONDITIONS.has(condition))
        problems.push(`service ${name}: unknown depends_on condition ${condition}`);
    }
    for (const volume of s.volumes ?? []) {
      const source = typeof volume === 'string' ? volume.split(':')[0] : volume.source;
      if (source && !/^[./~]/.test(source) && !namedVolumes.has(source))
        problems.push(`service ${name}: volume ${source} is not declared`);
    }
  }

  const postgres = services.postgres;
  if (!postgres) problems.push('no postgres service');
  else {
    if (!/^postgres:\d/.test(postgres.image ?? '')) problems.push('postgres: not a pinned postgres image');
    if (!postgres.healthcheck?.test) problems.push('postgres: no healthcheck');
    const data = (postgres.volumes ?? []).map((/** @type {any} */ v) =>
      typeof v === 'string' ? v : `${v.source}:${v.target}`,
    );
    if (
      !data.some(
        (/** @type {string} */ v) => namedVolumes.has(v.split(':')[0]) && v.includes('/var/lib/postgresql/data'),
      )
    ) {
      problems.push('postgres: its data is not on a named volume');
    }
    if (!/\$\{POSTGRES_PASSWORD/.test(String(postgres.environment?.POSTGRES_PASSWORD ?? ''))) {
      problems.push('postgres: the password is not taken from the environment');
    }
  }

  for (const name of ['app1', 'app2']) {
    const app = services[name];
    if (!app) {
      problems.push(`no ${name} service`);
      continue;
    }
    const env = environmentOf(app.environment);
    if (!/^postgres(ql)?:\/\/[^@]*@postgres[:/]/.test(env.DATABASE_URL ?? ''))
      problems.push(`${name}: DATABASE_URL does not point at the postgres service`);
    if (/:[^:@/$]+@/.test((env.DATABASE_URL ?? '').replace(/\$\{[^}]*\}/g, '')))
      problems.push(`${name}: DATABASE_URL holds a literal password`);
    if (env.TRUST_PROXY !== '1') problems.push(`${name}: TRUST_PROXY is not 1 (one proxy in front)`);
    if (app.depends_on?.postgres?.condition !== 'service_healthy')
      problems.push(`${name}: does not wait for postgres to be healthy`);
    // Where the instance listens is compose's business: a HOST from a settings file would hide it from the proxy.
    if (env.HOST !== '0.0.0.0' || env.PORT !== '4173')
      problems.push(`${name}: does not set HOST=0.0.0.0 and PORT=4173 itself`);
    const envFiles = [app.env_file ?? []].flat().map((/** @type {any} */ f) => (typeof f === 'string' ? f : f.path));
    if (envFiles.some((/** @type {string} */ f) => /(^|\/)\.env$/.test(f)))
      problems.push(`${name}: reads the development .env`);
    if ((app.volumes ?? []).length || app.tmpfs)
      problems.push(`${name}: mounts a volume, though its data is in PostgreSQL`);
    const test = [app.healthcheck?.test ?? []].flat().join(' ');
    if (!test.includes('/api/health')) problems.push(`${name}: no healthcheck on /api/health`);
  }
  if (services.app1 && services.app2 && services.app1.image !== services.app2.image)
    problems.push('app1 and app2 run different images');

  const proxyName = Object.keys(services).find((name) => /^caddy:/.test(services[name].image ?? ''));
  if (!proxyName) problems.push('no Caddy proxy service');
  else {
    const proxy = services[proxyName];
    if (!(proxy.ports ?? []).length) problems.push(`${proxyName}: publishes no port`);
    const mount = /** @type {string[]} */ ((proxy.volumes ?? []).map(String)).find((v) =>
      v.includes('/etc/caddy/Caddyfile'),
    );
    if (!mount) problems.push(`${proxyName}: no Caddyfile mounted`);
    else {
      const caddyfile = readFile(mount.split(':')[0]);
      problems.push(...lintCaddyfile(caddyfile).map((p) => `${mount.split(':')[0]}: ${p}`));
    }
  }
  return problems;
}

/**
 * The proxy balances over both instances, checks /api/ready, and holds a request while an
 * instance restarts (lb_try_duration).
 * @param {string} text
 * @returns {string[]}
 */
export function lintCaddyfile(text) {
  const problems = [];
  const code = text.replace(/#.*$/gm, '');
  const proxy = /reverse_proxy\s+([^{\n]*)/.exec(code);
  if (!proxy) return ['no reverse_proxy'];
  const upstreams = proxy[1].trim().split(/\s+/);
  for (const upstream of ['app1:4173', 'app2:4173']) {
    if (!upstreams.includes(upstream)) problems.push(`reverse_proxy does not name ${upstream}`);
  }
  // Readiness, not liveness: /api/ready turns 503 while an instance drains after SIGTERM.
  if (!/^\s*health_uri\s+\/api\/ready\s*$/m.test(code))
    problems.push('no active health check on /api/ready (health_uri)');
  if (!/^\s*lb_try_duration\s+\d+m?s\s*$/m.test(code))
    problems.push('no lb_try_duration: a request to a restarting instance would fail');
  return problems;
}

/** @param {Record<string, string> | string[] | undefined} environment */
function environmentOf(environment) {
  if (!Array.isArray(environment))
    return Object.fromEntries(Object.entries(environment ?? {}).map(([k, v]) => [k, String(v)]));
  return Object.fromEntries(environment.map((line) => [line.split('=')[0], line.split('=').slice(1).join('=')]));
}
