// The desk's accounts: `npm run -s desk-user -- add --email sales@example.com` (the password from
// standard input, or generated and printed once), `… password --email …` (a new one, read the same way),
// `… role --email … --role admin|agent`, `… 2fa-reset --email …` (its two-step sign-in removed: set up
// again at the next sign-in), `… remove --email …`, `… list`. Each change is in the audit.
import { counted } from './count.ts';
import { createInterface } from 'node:readline';
import { generatePassword, hashPassword } from '../domain/desk/password.ts';
import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from '../domain/desk/password-rule.ts';
import { normaliseEmail } from '../domain/desk/desk-service.ts';
import { cli, refuse, storeFor, toolConfig } from './args.ts';

const USAGE = `Manages the sales desk's accounts (who may sign in at /desk).

  npm run -s desk-user -- add --email sales@example.com [--role admin|agent]
                                                             a new account (agent unless --role admin)
  npm run -s desk-user -- password --email sales@example.com a new password; ends its sessions
  npm run -s desk-user -- role --email sales@example.com --role admin|agent
                                                             gives it a role
  npm run -s desk-user -- 2fa-reset --email sales@example.com
                                                             removes its two-step sign-in (a lost phone):
                                                             it signs in with its password alone, or sets
                                                             one up again if DESK_REQUIRE_2FA asks it to
  npm run -s desk-user -- remove --email sales@example.com   removes it and ends its sessions
  npm run -s desk-user -- list                               the accounts

  add and password read the password from standard input when it is piped in
  (printf '%s' "$PASSWORD" | npm run -s desk-user -- add --email …); otherwise they make one
  and print it once. A password has ${PASSWORD_MIN} to ${PASSWORD_MAX} characters, any you like; it may
  not be spaces only, repeated or in order (aaaaaaaaaaaa, abcdefghijkl), built on the email or the
  brand, or one of the most common passwords.
  Agents see and mark leads and download lists; admins may also erase a person's data and read the
  audit. Accounts made before roles existed are admins.

  --db PATH   a SQLite file instead of DATABASE_PATH / DATABASE_URL
  -h, --help  this text`;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

async function readStdin(): Promise<string> {
  const lines: string[] = [];
  for await (const line of createInterface({ input: process.stdin })) lines.push(line);
  return lines.join('\n').replace(/\r?\n$/, '');
}

const { values, positionals } = cli(USAGE, {
  email: { type: 'string' },
  role: { type: 'string' },
  db: { type: 'string' },
});
const command = positionals[0];
const COMMANDS = 'add, password, role, 2fa-reset, remove or list';
if (!['add', 'password', 'role', '2fa-reset', 'remove', 'list'].includes(command))
  refuse(USAGE, command ? `"${command}" is not a command: ${COMMANDS}.` : `Name a command: ${COMMANDS}.`);
if (command !== 'list' && !values.email) refuse(USAGE, `${command} needs --email.`);
if (command === 'role' && values.role === undefined) refuse(USAGE, 'role needs --role admin or --role agent.');
const email = values.email ? normaliseEmail(String(values.email)) : '';
const role = (values.role ?? 'agent') === 'admin' ? 'admin' : (values.role ?? 'agent') === 'agent' ? 'agent' : null;
if (!role) {
  console.error(`--role must be admin or agent, not ${values.role}.`);
  process.exit(2);
}
if (command !== 'list' && !EMAIL.test(email)) {
  console.error(`${values.email} is not an email address.`);
  process.exit(2);
}

let password = '';
let generated = false;
if (command === 'add' || command === 'password') {
  password = process.stdin.isTTY ? '' : await readStdin();
  if (!password) {
    password = generatePassword();
    generated = true;
  } else {
    const problem = passwordProblem(password, { email, brand: toolConfig().brand });
    if (problem) {
      console.error(`${problem} (Or pipe nothing in to have one made.)`);
      process.exit(2);
    }
  }
}

const store = await storeFor(values.db as string | undefined);
const ACTOR = 'desk-user (command line)';
const audit = (
  action: 'account.add' | 'account.remove' | 'account.role' | 'account.password' | 'two-step.reset',
  detail: object,
) => store.audit.record({ at: Date.now(), actor: ACTOR, action, detail: { account: email, ...detail } });
const shown = (what: string) => (generated ? `${what} Its password, shown only this once:\n\n  ${password}\n` : what);
let code = 0;
try {
  if (command === 'list') {
    const users = await store.desk.listUsers({ now: Date.now() });
    for (const u of users)
      console.log(`${u.email}\t${u.role}\tadded ${u.createdAt}\t${counted(u.sessions, 'live session')}`);
    console.error(
      users.length
        ? `${counted(users.length, 'account')}.`
        : 'There are no accounts yet: npm run -s desk-user -- add --email you@your-company.example makes one.',
    );
  } else if (command === 'remove') {
    if (await store.desk.removeUser({ email })) {
      await audit('account.remove', {});
      console.log(`${email} removed; its sessions have ended.`);
    } else {
      console.error(`There is no account for ${email}.`);
      code = 1;
    }
  } else if (command === 'role') {
    const done = await store.desk.setRole({ email, role });
    if (done === 'missing') {
      console.error(`There is no account for ${email}.`);
      code = 1;
    } else if (done === 'last-admin') {
      console.error(`${email} is the only admin: make another admin first.`);
      code = 1;
    } else {
      if (done.changed) await audit('account.role', { from: done.from, to: role });
      console.log(done.changed ? `${email} is now an ${role}.` : `${email} was already an ${role}.`);
    }
  } else if (command === '2fa-reset') {
    const user = await store.desk.userByEmail({ email });
    if (!user) {
      console.error(`There is no account for ${email}.`);
      code = 1;
    } else {
      const wasOn = await store.twoStep.remove({ userId: user.id });
      await audit('two-step.reset', { wasOn });
      console.log(
        wasOn
          ? `${email}: two-step sign-in removed; its next sign-in takes the password alone, or sets it up again where DESK_REQUIRE_2FA asks.`
          : `${email} had no two-step sign-in on; anything half set up is removed.`,
      );
    }
  } else if (command === 'password') {
    const done = await store.desk.setPassword({ email, passwordHash: await hashPassword(password) });
    if (!done) {
      console.error(`There is no account for ${email}.`);
      code = 1;
    } else {
      await audit('account.password', { sessionsEnded: done.ended });
      console.log(shown(`${email}: a new password; ${counted(done.ended, 'session')} ended.`));
    }
  } else {
    const added = await store.desk.addUser({
      email,
      passwordHash: await hashPassword(password),
      now: Date.now(),
      role,
    });
    if (added === 'exists') {
      console.error(`${email} already has an account (desk-user password --email … gives it a new password).`);
      code = 1;
    } else {
      await audit('account.add', { role });
      console.log(shown(`${email} added (${role}).`));
    }
  }
} finally {
  await store.close();
}
process.exit(code);
