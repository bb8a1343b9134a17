// Reading settings: each reader names its variable, so a bad value is reported with the setting and
// why, never a silent fallback. A reader records what is wrong and goes on with the default, so one
// start names every wrong setting at once; it also records every name it was asked for, which is
// how the service knows its own settings (names.ts) without a second list.

export class SettingError extends Error {
  constructor(
    readonly setting: string,
    why: string,
  ) {
    super(`${setting}: ${why}`);
  }
}

/** Every wrong setting of one start: the message is one line naming each. */
export class SettingErrors extends Error {
  constructor(readonly errors: readonly SettingError[]) {
    super(errors.map((error) => error.message).join(' '));
  }
}

export type Env = Record<string, string | undefined>;
export type Reader = ReturnType<typeof reader>;

export function reader(env: Env) {
  /** The names asked for: our settings. */
  const names = new Set<string>();
  const errors: SettingError[] = [];
  const value = (name: string) => {
    names.add(name);
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  /** Records what is wrong with a setting and carries on with `fallback`. */
  const fail = <T>(name: string, why: string, fallback: T): T => {
    errors.push(new SettingError(name, why));
    return fallback;
  };
  return {
    names,
    errors,
    fail,
    /** Runs a check that throws SettingError (a whole setting's parse), recording it and using `fallback` instead. */
    guard<T>(read: () => T, fallback: T): T {
      try {
        return read();
      } catch (error) {
        if (!(error instanceof SettingError)) throw error;
        errors.push(error);
        return fallback;
      }
    },
    value,
    text: (name: string, fallback = '') => value(name) ?? fallback,
    int(name: string, fallback: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) {
      const v = value(name);
      if (v === undefined) return fallback;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max)
        return fail(name, `"${v}" is not a whole number from ${min} to ${max}.`, fallback);
      return Number(v);
    },
    oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
      const v = value(name);
      if (v === undefined) return fallback;
      if (!choices.includes(v as T))
        return fail(name, `"${v}" is not one of ${choices.join(', ')} (lower case).`, fallback);
      return v as T;
    },
    url(name: string, fallback: string, { protocols = ['http:', 'https:'] } = {}) {
      const v = value(name) ?? fallback;
      if (!v) return '';
      let parsed: URL;
      try {
        parsed = new URL(v);
      } catch {
        return fail(name, `"${v}" is not a URL (for example https://example.com).`, fallback.replace(/\/+$/, ''));
      }
      if (!protocols.includes(parsed.protocol))
        return fail(
          name,
          `"${v}" must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`,
          fallback.replace(/\/+$/, ''),
        );
      return v.replace(/\/+$/, '');
    },
    list: (name: string) =>
      (value(name) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
  };
}
