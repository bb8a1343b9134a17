// Reading settings: each reader names its variable, so a bad value stops the service with one line
// that says which setting is wrong and why, never a silent fallback.

export class SettingError extends Error {
  constructor(
    readonly setting: string,
    why: string,
  ) {
    super(`${setting}: ${why}`);
  }
}

export type Env = Record<string, string | undefined>;

export function reader(env: Env) {
  const value = (name: string) => {
    const v = env[name]?.trim();
    return v ? v : undefined;
  };
  return {
    value,
    text: (name: string, fallback = '') => value(name) ?? fallback,
    int(name: string, fallback: number, { min = 1, max = Number.MAX_SAFE_INTEGER } = {}) {
      const v = value(name);
      if (v === undefined) return fallback;
      if (!/^\d+$/.test(v) || Number(v) < min || Number(v) > max) throw new SettingError(name, `"${v}" is not a whole number from ${min} to ${max}.`);
      return Number(v);
    },
    oneOf<T extends string>(name: string, choices: readonly T[], fallback: T): T {
      const v = value(name);
      if (v === undefined) return fallback;
      if (!choices.includes(v as T)) throw new SettingError(name, `"${v}" is not one of ${choices.join(', ')} (lower case).`);
      return v as T;
    },
    url(name: string, fallback: string, { protocols = ['http:', 'https:'] } = {}) {
      const v = value(name) ?? fallback;
      if (!v) return '';
      let parsed: URL;
      try {
        parsed = new URL(v);
      } catch {
        throw new SettingError(name, `"${v}" is not a URL (for example https://example.com).`);
      }
      if (!protocols.includes(parsed.protocol)) throw new SettingError(name, `"${v}" must start with ${protocols.map((p) => `${p}//`).join(' or ')}.`);
      return v.replace(/\/+$/, '');
    },
    list: (name: string) =>
      (value(name) ?? '')
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean),
  };
}
