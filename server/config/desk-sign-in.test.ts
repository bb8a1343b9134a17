import { describe, expect, it } from 'vitest';
import { loadConfig } from './settings.ts';
import { providerName } from './desk-sign-in.ts';

const SSO = {
  DESK_OIDC_ISSUER: 'https://accounts.google.com',
  DESK_OIDC_CLIENT_ID: 'desk.apps.googleusercontent.com',
  DESK_OIDC_CLIENT_SECRET: 'a-secret',
  DESK_OIDC_DOMAINS: 'Example.com, @example.net, example.com',
};
const load = (env: Record<string, string>) => loadConfig(env, () => {}).deskSignIn;
const refused = (env: Record<string, string>) => {
  try {
    load(env);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error('the settings were taken');
};

describe('the desk’s ways in (DESK_PASSWORD_SIGNIN, DESK_OIDC_*)', () => {
  it('is the password form alone by default', () => {
    expect(load({})).toEqual({ password: true, sso: null });
  });

  it('reads single sign-on, its domains in lower case once each, and names the provider from its issuer', () => {
    expect(load({ ...SSO, DESK_PASSWORD_SIGNIN: 'off' })).toEqual({
      password: false,
      sso: {
        issuer: 'https://accounts.google.com',
        clientId: SSO.DESK_OIDC_CLIENT_ID,
        clientSecret: 'a-secret',
        domains: ['example.com', 'example.net'],
        name: 'Google',
        insecure: false,
      },
    });
    expect(load({ ...SSO, DESK_OIDC_NAME: 'Acme SSO' }).sso?.name).toBe('Acme SSO');
    // An issuer is compared exactly: a trailing slash stays.
    expect(load({ ...SSO, DESK_OIDC_ISSUER: 'https://acme.eu.auth0.com/' }).sso?.issuer).toBe(
      'https://acme.eu.auth0.com/',
    );
    expect(providerName('https://login.microsoftonline.com/5f1c0d2e-0000-4000-8000-000000000000/v2.0')).toBe(
      'Microsoft',
    );
    expect(providerName('https://acme.okta.com')).toBe('Okta');
    expect(providerName('https://id.acme.example')).toBe('id.acme.example');
  });

  it('refuses to start with a way in that cannot work, or that lets anyone in', () => {
    expect(refused({ DESK_PASSWORD_SIGNIN: 'off' })).toContain(
      'DESK_PASSWORD_SIGNIN: is off and single sign-on is not set up (DESK_OIDC_ISSUER): nobody could sign in.',
    );
    expect(refused({ ...SSO, DESK_OIDC_DOMAINS: '' })).toContain(
      'DESK_OIDC_DOMAINS: is required with DESK_OIDC_ISSUER',
    );
    expect(refused({ ...SSO, DESK_OIDC_DOMAINS: 'example.com, gmail' })).toContain(
      'DESK_OIDC_DOMAINS: "gmail" is not an email domain',
    );
    expect(refused({ ...SSO, DESK_OIDC_CLIENT_SECRET: '', DESK_OIDC_CLIENT_ID: '' })).toContain(
      'DESK_OIDC_CLIENT_ID, DESK_OIDC_CLIENT_SECRET: are required with DESK_OIDC_ISSUER.',
    );
    expect(refused({ ...SSO, DESK_OIDC_ISSUER: 'http://id.acme.example' })).toContain('must start with https://');
    expect(load({ ...SSO, DESK_OIDC_ISSUER: 'http://127.0.0.1:9000' }).sso?.insecure).toBe(true);
    expect(refused({ DESK_OIDC_CLIENT_ID: 'x' })).toContain('DESK_OIDC_CLIENT_ID: is set but DESK_OIDC_ISSUER is not.');
    expect(refused({ DESK_PASSWORD_SIGNIN: 'no' })).toContain('DESK_PASSWORD_SIGNIN: "no" is not one of on, off');
  });
});
