import { describe, expect, it } from 'vitest';
import { editDistance, misspeltSettings } from './names.ts';

const ours = new Set(['HOST', 'PORT', 'OTP_PROVIDER', 'DATABASE_URL', 'DATABASE_PATH', 'LOG_LEVEL', 'NODE_ENV']);

describe('misspelt settings', () => {
  it('counts inserts, deletes, replacements and swapped neighbours as one edit each, ignoring case', () => {
    expect(editDistance('OTP_PROVDER', 'OTP_PROVIDER')).toBe(1);
    expect(editDistance('PROT', 'PORT')).toBe(1);
    expect(editDistance('otp_provider', 'OTP_PROVIDER')).toBe(0);
    expect(editDistance('HOME', 'HOST')).toBe(2);
    expect(editDistance('HOSTNAME', 'HOST', 2)).toBe(3);
  });

  it('names a name within two edits of one of ours with that one, the closest first', () => {
    expect(misspeltSettings(['OTP_PROVDER', 'DATABSE_URL', 'LOGLEVEL', 'otp_provider'], ours)).toEqual([
      'OTP_PROVDER is not a setting of ours; did you mean OTP_PROVIDER? (OTP_PROVDER is ignored)',
      'DATABSE_URL is not a setting of ours; did you mean DATABASE_URL? (DATABSE_URL is ignored)',
      'LOGLEVEL is not a setting of ours; did you mean LOG_LEVEL? (LOGLEVEL is ignored)',
      'otp_provider is not a setting of ours; did you mean OTP_PROVIDER? (otp_provider is ignored)',
    ]);
  });

  it("leaves alone our own names and the machine's (short names allow one edit: HOME is not HOST)", () => {
    const machine = [
      'HOST',
      'PORT',
      'HOME',
      'PWD',
      'TERM',
      'USER',
      'LANG',
      'PATH',
      'SHELL',
      'HOSTNAME',
      'NODE_PATH',
      'NODE_OPTIONS',
      'TMPDIR',
      'npm_config_cache',
      'CHROMIUM_PATH',
      'POSTGRES_PASSWORD',
    ];
    expect(misspeltSettings(machine, ours)).toEqual([]);
  });
});
