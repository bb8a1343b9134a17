// The desk sign-in page's contract: which ways in the desk offers (its password form, single sign-on
// with an OpenID Connect provider), and why the last single sign-on in this browser was refused.
import { Type } from 'typebox';
import { ANY, Nullable } from './answers.ts';
import { route } from './route.ts';

export const SignInOptions = Type.Object({
  password: Type.Boolean({ description: 'Whether the email and password form signs in (DESK_PASSWORD_SIGNIN).' }),
  singleSignOn: Nullable(
    Type.Object({
      name: Type.String({ description: 'The provider, as the link names it: "Sign in with {name}".' }),
      href: Type.String({ description: 'The link that starts it (a page, not an API call).' }),
    }),
  ),
  refusal: Nullable(
    Type.String({ description: 'Why the last single sign-on in this browser was refused, in a sentence; said once.' }),
  ),
});

export const SignInOptionsRoute = route('GET', '/api/desk/sign-in', {
  summary: 'The ways in the sign-in page offers, and why the last single sign-on was refused',
  response: { ...ANY, 200: SignInOptions },
});
