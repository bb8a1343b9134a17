// Every /api route, its method and path with its contract: the service registers exactly these (a test
// holds it), and the OpenAPI document is generated from their schemas.
import * as desk from './desk.ts';
import * as deskSignIn from './desk-sign-in.ts';
import * as twoStep from './desk-two-step.ts';
import * as demos from './desk-demos.ts';
import * as embeds from './embeds.ts';
import * as open from './public.ts';

export const API_ROUTES = [
  ['POST', '/api/feedback', open.FeedbackRoute],
  ['GET', '/api/otp/countries', open.OtpCountriesRoute],
  ['POST', '/api/otp', open.OtpRoute],
  ['POST', '/api/otp/verify', open.OtpVerifyRoute],
  ['POST', '/api/demo-requests', open.DemoRequestRoute],
  ['POST', '/api/voice/events', open.VoiceEventRoute],
  ['POST', '/api/voice/session', open.VoiceSessionRoute],
  ['POST', '/api/voice/session/end', open.VoiceSessionEndRoute],
  ['GET', '/api/embeds/:id', embeds.PublicEmbedRoute],
  ['GET', '/api/health', open.HealthRoute],
  ['GET', '/api/ready', open.ReadyRoute],
  ['GET', '/api/openapi.json', open.OpenApiRoute],
  ['POST', '/api/session', desk.SignInRoute],
  ['GET', '/api/session', desk.SessionRoute],
  ['DELETE', '/api/session', desk.SignOutRoute],
  ['GET', '/api/desk/sign-in', deskSignIn.SignInOptionsRoute],
  ['GET', '/api/desk/leads', desk.LeadsRoute],
  ['GET', '/api/desk/leads.csv', desk.LeadsCsvRoute],
  ['GET', '/api/desk/leads/:id', desk.LeadRoute],
  ['POST', '/api/desk/leads/:id/contacted', desk.MarkRoute],
  ['DELETE', '/api/desk/leads/:id/contacted', desk.UnmarkRoute],
  ['GET', '/api/desk/overview', desk.OverviewRoute],
  ['GET', '/api/desk/demos', demos.DemosRoute],
  ['GET', '/api/desk/demos/:id', demos.DemoRoute],
  ['GET', '/api/desk/embeds', embeds.EmbedsRoute],
  ['POST', '/api/desk/embeds', embeds.EmbedAddRoute],
  ['GET', '/api/desk/embeds/:id', embeds.EmbedRoute],
  ['PATCH', '/api/desk/embeds/:id', embeds.EmbedChangeRoute],
  ['GET', '/api/desk/feedback', desk.DeskFeedbackRoute],
  ['GET', '/api/desk/feedback.csv', desk.DeskFeedbackCsvRoute],
  ['GET', '/api/desk/changes', desk.ChangesRoute],
  ['DELETE', '/api/desk/leads/:id/personal-data', desk.EraseRoute],
  ['GET', '/api/desk/audit', desk.AuditRoute],
  ['GET', '/api/desk/accounts', desk.AccountsRoute],
  ['PUT', '/api/desk/accounts/:id/role', desk.RoleRoute],
  ['PUT', '/api/desk/password', desk.PasswordRoute],
  ['GET', '/api/desk/sessions', desk.SessionsRoute],
  ['DELETE', '/api/desk/sessions/:id', desk.EndSessionRoute],
  ['DELETE', '/api/desk/sessions', desk.EndOtherSessionsRoute],
  ['POST', '/api/session/code', twoStep.SignInCodeRoute],
  ['GET', '/api/desk/two-step', twoStep.TwoStepRoute],
  ['POST', '/api/desk/two-step/setup', twoStep.TwoStepSetupRoute],
  ['PUT', '/api/desk/two-step', twoStep.TwoStepOnRoute],
  ['DELETE', '/api/desk/two-step', twoStep.TwoStepOffRoute],
  ['POST', '/api/desk/two-step/recovery-codes', twoStep.RecoveryCodesRoute],
] as const;
