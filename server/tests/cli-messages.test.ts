// The command-line tools, run as an operator runs them: a wrong argument is named with the value
// given (then the usage, exit 2), and an empty list says it is empty instead of printing nothing.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStore } from '../storage/index.ts';
import { patience } from '../../tests/support/slowdown.mjs';

let dir = '';
let db = '';
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'ai-widgets-cli-'));
  db = join(dir, 'service.sqlite');
  await (await openStore({ databasePath: db })).close();
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const tool = (module: string, ...args: string[]) =>
  spawnSync(process.execPath, ['server/run.mjs', module, ...args], {
    encoding: 'utf8',
    env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_PATH: db },
    timeout: patience(150_000),
  });
const firstLine = (text: string) => text.split('\n')[0];

describe('a wrong argument is named with its value', { timeout: patience(240_000) }, () => {
  it.each([
    [['cli/export', 'leads', '--format', 'xml'], '--format "xml" is not a format: csv or json.'],
    [['cli/export', 'feedback', '--format', 'CSV'], '--format "CSV" is not a format: csv or json.'],
    [['cli/export', 'lead'], '"lead" is not something to export: leads or feedback.'],
    [['cli/export'], 'Name what to export: leads or feedback.'],
    [['cli/suppress'], 'Name a number with --phone, or ask for the --list.'],
    [
      ['cli/desk-user', 'delete', '--email', 'a@example.com'],
      '"delete" is not a command: add, password, role, 2fa-reset, remove or list.',
    ],
    [['cli/desk-user', 'remove'], 'remove needs --email.'],
  ])('%j', (args, line) => {
    const result = tool(...(args as [string, ...string[]]));
    expect(result.status).toBe(2);
    expect(firstLine(result.stderr)).toBe(line);
    // Then the usage, so the right form is at hand.
    expect(result.stderr).toContain('npm run -s');
    expect(result.stdout).toBe('');
  });
});

describe('an empty list says so', { timeout: patience(240_000) }, () => {
  it('on the do-not-call list, on standard error (standard output stays the list)', () => {
    const result = tool('cli/suppress', '--list', '--db', db);
    expect(result).toMatchObject({ status: 0, stdout: '', stderr: 'The do-not-call list is empty.\n' });
    expect(tool('cli/suppress', '--phone', '+919876543210', '--db', db).status).toBe(0);
    const listed = tool('cli/suppress', '--list', '--db', db);
    expect(listed.stdout).toMatch(/^\+919876543210\t/);
    expect(listed.stderr).toBe('1 number on the do-not-call list.\n');
    // Counts read as sentences, never "row(s)".
    expect(tool('cli/export', 'leads', '--format', 'csv', '--db', db).stderr).toBe('0 leads exported.\n');
    expect(tool('cli/export', 'feedback', '--format', 'csv', '--db', db).stderr).toBe(
      '0 feedback messages exported.\n',
    );
  });

  it('on the desk accounts', () => {
    expect(tool('cli/desk-user', 'list', '--db', db)).toMatchObject({
      status: 0,
      stdout: '',
      stderr: 'There are no accounts yet: npm run -s desk-user -- add --email you@your-company.example makes one.\n',
    });
  });
});

describe('desk-user add checks the password it is given', { timeout: patience(240_000) }, () => {
  const add = (email: string, password: string) =>
    spawnSync(process.execPath, ['server/run.mjs', 'cli/desk-user', 'add', '--email', email, '--db', db], {
      encoding: 'utf8',
      input: password,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_PATH: db },
      timeout: patience(150_000),
    });

  it.each([
    ['password1234', 'That is one of the most common passwords, the first an attacker tries: choose another.'],
    ['aaaaaaaaaaaa', 'The password is one character repeated: choose one that is harder to guess.'],
    ['short one', 'The password is too short: use at least 12 characters (it has 9).'],
    ['two\nlines of it', 'The password has a control character'],
    ['aurelo aurelo 1', 'The password is built on the name Aurelo: without it, it has only 3 characters.'],
    ['priya@example.com!', 'The password is built on the account’s email'],
  ])('refuses %j, saying why, exit 2', (password, why) => {
    const result = add('priya@example.com', password);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain(why);
    expect(result.stderr).toContain('(Or pipe nothing in to have one made.)');
    expect(result.stderr + result.stdout).not.toContain(password);
    expect(tool('cli/desk-user', 'list', '--db', db).stdout).not.toContain('priya@example.com');
  });

  it('takes one of any characters, counted after NFC', () => {
    const result = add('priya@example.com', 'ÉTÉ à Paris, 🦊 et nous'.normalize('NFD'));
    expect(result).toMatchObject({ status: 0, stdout: 'priya@example.com added (agent).\n' });
  });
});

describe('desk-user role and password', { timeout: patience(240_000) }, () => {
  const run = (input: string, ...args: string[]) =>
    spawnSync(process.execPath, ['server/run.mjs', 'cli/desk-user', ...args, '--db', db], {
      encoding: 'utf8',
      input,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, DATABASE_PATH: db },
      timeout: patience(150_000),
    });

  it('gives a role, resets a password (checked by the rule, never echoed), and writes both in the audit', async () => {
    expect(run('', 'add', '--email', 'ravi@example.com', '--role', 'admin').status).toBe(0);
    // The only admin stays one.
    expect(run('', 'role', '--email', 'ravi@example.com', '--role', 'agent')).toMatchObject({
      status: 1,
      stderr: 'ravi@example.com is the only admin: make another admin first.\n',
    });
    expect(run('', 'add', '--email', 'meera@example.com', '--role', 'admin').status).toBe(0);
    expect(run('', 'role', '--email', 'ravi@example.com')).toMatchObject({ status: 2 });
    expect(run('', 'role', '--email', 'ravi@example.com', '--role', 'agent')).toMatchObject({
      status: 0,
      stdout: 'ravi@example.com is now an agent.\n',
    });
    expect(run('', 'role', '--email', 'nobody@example.com', '--role', 'agent')).toMatchObject({
      status: 1,
      stderr: 'There is no account for nobody@example.com.\n',
    });
    const weak = run('abcdefghijklmnop', 'password', '--email', 'ravi@example.com');
    expect(weak.status).toBe(2);
    expect(weak.stderr).toMatch(/run of characters in order/);
    const reset = run('a fresh passphrase here', 'password', '--email', 'ravi@example.com');
    expect(reset).toMatchObject({ status: 0, stdout: 'ravi@example.com: a new password; 0 sessions ended.\n' });
    expect(reset.stdout + reset.stderr).not.toContain('fresh');
    const store = await openStore({ databasePath: db });
    try {
      const actions = (await store.audit.list({ limit: 10 })).map((e) => [e.actor, e.action, e.detail?.account]);
      expect(actions).toContainEqual(['desk-user (command line)', 'account.role', 'ravi@example.com']);
      expect(actions).toContainEqual(['desk-user (command line)', 'account.password', 'ravi@example.com']);
    } finally {
      await store.close();
    }
  }, 240_000); // Nine commands, each a process that opens the database: minutes on a loaded machine.
});
