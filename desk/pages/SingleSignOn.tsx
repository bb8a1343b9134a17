// The sign-in page's other way in: "Sign in with {provider}", a link (the desk's CSP allows forms to post
// only to itself, and the provider is elsewhere), and why the last single sign-on was refused, said once.
import { useEffect, useState } from 'react';
import { api } from '../api';

export type SignInOptions = {
  password: boolean;
  singleSignOn: { name: string; href: string } | null;
  refusal: string | null;
};

/** The ways in the service offers; the password form alone until it says (or if it cannot). */
export function useSignInOptions(): SignInOptions {
  const [options, setOptions] = useState<SignInOptions>({ password: true, singleSignOn: null, refusal: null });
  useEffect(() => {
    // A refusal is handed over once: an answer without one never hides one already shown.
    api<SignInOptions>('/desk/sign-in').then(
      (given) => setOptions((shown) => ({ ...given, refusal: given.refusal ?? shown.refusal })),
      () => {},
    );
  }, []);
  return options;
}

export function SignInRefusal({ options }: { options: SignInOptions }) {
  if (!options.refusal) return null;
  return (
    <p role="alert" className="desk-error desk-sso-refusal">
      {options.refusal}
    </p>
  );
}

export function SingleSignOnLink({ options }: { options: SignInOptions }) {
  const { singleSignOn, password } = options;
  if (!singleSignOn) return null;
  return (
    <div className="desk-sso">
      {password && <p className="desk-sso-or">or</p>}
      {/* The page's one action when the password form is off: the primary button then. */}
      <a className={`button ${password ? 'button-ghost' : 'button-primary'} desk-sso-link`} href={singleSignOn.href}>
        Sign in with {singleSignOn.name}
      </a>
    </div>
  );
}
