// Issue 48: deploy/prometheus/alerts.yml passes `promtool check rules` (Debian's prometheus package), each
// alert names only metrics that /metrics serves (on both databases) and has its runbook in docs/operations.md;
// the Grafana dashboard asks only for served metrics and shows every alert's.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { bothDatabases, testApp } from '../../server/tests/harness.ts';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const read = (file: string) => readFileSync(join(ROOT, file), 'utf8');
const TOKEN = 'metrics-token-of-at-least-thirty-two-chars';

type Rule = { alert: string; expr: string; annotations: { runbook: string; summary: string } };
const rules: Rule[] = parse(read('deploy/prometheus/alerts.yml')).groups.flatMap((g: { rules: Rule[] }) => g.rules);
const dashboard = JSON.parse(read('deploy/grafana/dashboard.json')) as {
  panels: { title: string; targets: { expr: string }[] }[];
};

/** The metric names in a PromQL expression: ours and the process's (functions and labels are not). */
const metricsOf = (expr: string) =>
  [...expr.replace(/\{[^}]*\}/g, '').matchAll(/\b((?:widgets|process|nodejs)_[a-z0-9_]+)\b/g)].map((m) => m[1]);

/** A histogram's series are its family's name with _bucket, _sum or _count. */
const family = (name: string) => name.replace(/_(bucket|sum|count)$/, '');

/** What /metrics serves on a fresh service that has answered one request. */
async function scrape(env: Record<string, string>) {
  const h = await testApp({ METRICS_TOKEN: TOKEN, ...env });
  try {
    await h.app.inject({ method: 'GET', url: '/api/otp/countries' });
    return (await h.app.inject({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}` } })).body;
  } finally {
    await h.close();
  }
}

/** The metric families /metrics serves (its # TYPE lines), on a fresh service. */
const served = async (env: Record<string, string>) =>
  new Set([...(await scrape(env)).matchAll(/^# TYPE (\S+) /gm)].map((m) => m[1]));

describe('deploy/prometheus', () => {
  it('alerts.yml passes promtool check rules, with the six alerts issue 48 asks for', () => {
    const out = execFileSync('promtool', ['check', 'rules', 'deploy/prometheus/alerts.yml'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(out).toContain('SUCCESS: 6 rules found');
    expect(rules.map((r) => r.alert)).toEqual([
      'CallDueTooLong',
      'OutboxLagging',
      'ServerErrors',
      'CodeCapReached',
      'DatabaseBusy',
      'LockoutStorm',
    ]);
  });

  it('every alert fires on its rule tests (alerts.test.yml: from a first count, after its wait), and only then', () => {
    const out = execFileSync('promtool', ['test', 'rules', 'deploy/prometheus/alerts.test.yml'], {
      cwd: ROOT,
      encoding: 'utf8',
    });
    expect(out).toContain('SUCCESS');
    const tested = new Set(
      [...read('deploy/prometheus/alerts.test.yml').matchAll(/alertname: (\w+)/g)].map((m) => m[1]),
    );
    expect([...tested].sort()).toEqual(rules.map((r) => r.alert).sort());
  });

  it('prometheus.yml passes promtool check config, scraping both instances with the token', () => {
    const dir = mkdtempSync(join(tmpdir(), 'prometheus-'));
    try {
      // The container's paths, here: the rules file and the token compose hands over as a secret.
      writeFileSync(join(dir, 'token'), TOKEN);
      const config = read('deploy/prometheus/prometheus.yml')
        .replace('/etc/prometheus/alerts.yml', join(ROOT, 'deploy/prometheus/alerts.yml'))
        .replace('/run/secrets/metrics_token', join(dir, 'token'));
      writeFileSync(join(dir, 'prometheus.yml'), config);
      const out = execFileSync('promtool', ['check', 'config', join(dir, 'prometheus.yml')], { encoding: 'utf8' });
      expect(out).toContain('is valid prometheus config file syntax');
      const job = parse(config).scrape_configs[0];
      expect(job.static_configs[0].targets).toEqual(['app1:4173', 'app2:4173']);
      expect(job.authorization).toMatchObject({ type: 'Bearer' });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('each alert has its runbook: a section of docs/operations.md named after it', () => {
    const operations = read('docs/operations.md');
    for (const rule of rules) {
      expect(operations, rule.alert).toMatch(new RegExp(`^#### \`${rule.alert}\`$`, 'm'));
      expect(rule.annotations.runbook).toBe(`docs/operations.md#${rule.alert.toLowerCase()}`);
    }
  });

  it('the dashboard shows every metric an alert watches', () => {
    const shown = new Set(dashboard.panels.flatMap((p) => p.targets.flatMap((t) => metricsOf(t.expr))));
    for (const rule of rules) for (const name of metricsOf(rule.expr)) expect(shown, rule.alert).toContain(name);
  });
});

const { backends } = bothDatabases();
describe.each(backends)('the metrics alerts and the dashboard name, on $name', (backend) => {
  it('are all served by /metrics', async () => {
    const families = await served(backend.env());
    for (const rule of rules) {
      expect(metricsOf(rule.expr).length, rule.alert).toBeGreaterThan(0);
      for (const name of metricsOf(rule.expr)) expect(families, `${rule.alert}: ${name}`).toContain(family(name));
    }
    for (const panel of dashboard.panels)
      for (const target of panel.targets)
        for (const name of metricsOf(target.expr)) expect(families, `${panel.title}: ${name}`).toContain(family(name));
  });

  it('serve the counters the alerts watch at 0 before their first count, and pass promtool check metrics', async () => {
    const body = await scrape(backend.env());
    // increase() and rate() need a series before its first count: without these the first firing is missed.
    expect(body).toMatch(/^widgets_otp_codes_refused_total\{reason="otp-capacity"\} 0$/m);
    expect(body).toMatch(/^widgets_http_requests_total\{method="POST",route="\/api\/otp",status="500"\} 0$/m);
    expect(body).toMatch(/^widgets_db_busy_total\{operation="[^"]+"\} 0$/m);
    expect(body).toMatch(/^widgets_desk_sign_in_failures_total\{reason="wrong",step="code"\} 0$/m);
    expect(body).toMatch(/^widgets_desk_lockouts_total\{step="code"\} 0$/m);
    const checked = spawnSync('promtool', ['check', 'metrics'], { input: body, encoding: 'utf8' });
    expect(checked.status, checked.stdout + checked.stderr).toBe(0);
  });
});
