// The lint holds the layers: a backward import, however it is spelt, fails `npm run lint`.
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const eslint = new ESLint({ cwd: new URL('../..', import.meta.url).pathname });

/** The rules that fire for `code` as if it were the file at `path` (relative to the repository). */
async function violations(path: string, code: string) {
  const [result] = await eslint.lintText(code, { filePath: new URL(`../../${path}`, import.meta.url).pathname });
  return result.messages.map((m) => `${m.ruleId}: ${m.message}`);
}

describe('the layers', () => {
  it.each([
    [
      'server/storage/fixture.ts',
      'storage knows no domain',
      "import { Refusal } from '../domain/refusal.ts';\nexport const x = Refusal;",
    ],
    [
      'server/storage/repositories/fixture.ts',
      'storage knows no domain',
      "import type { LeadIntake } from '../../domain/leads/lead-intake.ts';\nexport type X = LeadIntake;",
    ],
    [
      'server/config/fixture.ts',
      'settings know no domain',
      "import { realTimeZone } from '../domain/calls/calling-hours.ts';\nexport const x = realTimeZone;",
    ],
    [
      'server/domain/fixture.ts',
      'the domain knows no routes',
      "import { leadRoutes } from '../http/routes/leads.ts';\nexport const x = leadRoutes;",
    ],
    [
      'server/http/fixture.ts',
      'routes and commands share',
      "import { parseArgs } from '../cli/args.ts';\nexport const x = parseArgs;",
    ],
    [
      'model/fixture.ts',
      'the model is the bottom layer',
      "import { loadConfig } from '../server/config/settings.ts';\nexport const x = loadConfig;",
    ],
    [
      'desk/fixture.ts',
      'the desk shares with the site through ui/',
      "import { config } from '../site/config';\nexport const x = config;",
    ],
    [
      'site/fixture.ts',
      'the site shares with the desk through ui/',
      "import { App } from '../desk/App';\nexport const x = App;",
    ],
    [
      'widgets/elements/fixture.ts',
      'imports nothing from the React layer',
      "import { mountReact } from '../react/react-root';\nexport const x = mountReact;",
    ],
    [
      'widgets/elements/fixture.ts',
      'imports nothing from the React layer',
      "export const x = () => import('../react/react-root');",
    ],
    [
      'widgets/demo-request/fixture.ts',
      'types only',
      "import { AGENT_IDS } from '../../model/agents';\nexport const x = AGENT_IDS;",
    ],
  ])('%s: refused (%s)', async (path, why, code) => {
    expect((await violations(path, code)).join('\n')).toContain(why);
  });

  it.each([
    ['server/domain/fixture.ts', "import type { Store } from '../storage/index.ts';\nexport type X = Store;"],
    ['server/storage/fixture.ts', "import type { CallState } from '../../model/calls.ts';\nexport type X = CallState;"],
    ['widgets/demo-request/fixture.ts', "import type { AgentId } from '../../model/agents';\nexport type X = AgentId;"],
    ['desk/fixture.ts', "import { Wordmark } from '../ui/Wordmark';\nexport const x = Wordmark;"],
  ])('%s: a downward import is allowed', async (path, code) => {
    expect(await violations(path, code)).toEqual([]);
  });
});
