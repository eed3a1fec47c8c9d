import type { UiText } from './ui-types';

const info = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  type: 'info',
  text,
  ...(context ? { context } : {}),
});
const error = (id: number, text: string, context?: Record<string, unknown>): UiText => ({
  id,
  type: 'error',
  text,
  ...(context ? { context } : {}),
});
const success = (id: number, text: string): UiText => ({ id, type: 'success', text });

/** Every UI text this server sends, by Kratos message id and name (vendor-specs/kratos-message-ids.json). */
export const texts = {
  // labels (107xxxx)
  labelPassword: () => info(1070001, 'Password'),
  labelGenerated: (title: string) => info(1070002, title, { title }),
  labelSave: () => info(1070003, 'Save'),
  labelSubmit: () => info(1070005, 'Submit'),
  labelEmail: () => info(1070007, 'Email'),
  labelResend: () => info(1070008, 'Resend code'),
  labelContinue: () => info(1070009, 'Continue'),
  labelRecoveryCode: () => info(1070010, 'Recovery code'),
  labelVerificationCode: () => info(1070011, 'Verification code'),
  labelRegistrationCode: () => info(1070012, 'Registration code'),
  labelLoginCode: () => info(1070013, 'Login code'),
  // login (101xxxx)
  loginReAuth: () => info(1010003, 'Please confirm this action by verifying that it is you.'),
  loginWith: (provider: string, providerId: string) =>
    info(1010002, `Sign in with ${provider}`, { provider, provider_id: providerId }),
  loginCodeSent: () =>
    info(
      1010014,
      'An email containing a code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and retry the login.',
    ),
  loginCode: () => info(1010015, 'Send sign in code'),
  loginMfa: () => info(1010004, 'Please complete the second authentication challenge.'),
  /**
   * Account linking: a social sign-in met an account holding its e-mail; signing in to that account adds
   * the provider as another way in. The context carries Kratos's keys (both spellings).
   */
  loginLink: (identifier: string, provider: string, loginUrl: string, types: string[], providers: string[]) =>
    info(
      1010016,
      `You tried to sign in with "${identifier}", but that email is already used by another account. Sign in to your account with one of the options below to add your account "${identifier}" at "${provider}" as another way to sign in.`,
      {
        duplicateIdentifier: identifier,
        provider,
        newLoginUrl: loginUrl,
        duplicate_identifier: identifier,
        new_login_url: loginUrl,
        available_credential_types: types,
        available_providers: providers,
      },
    ),
  loginWithAndLink: (provider: string) => info(1010018, `Confirm with ${provider}`, { provider }),
  loginPassword: () => info(1010022, 'Sign in with password'),
  // registration (104xxxx)
  registration: () => info(1040001, 'Sign up'),
  registrationWith: (provider: string, providerId: string) =>
    info(1040002, `Sign up with ${provider}`, { provider, provider_id: providerId }),
  registrationCodeSent: () =>
    info(1040005, 'An email containing a code has been sent to the email address you provided.'),
  registrationCode: () => info(1040006, 'Sign up with code'),
  // settings (105xxxx)
  settingsSaved: () => success(1050001, 'Your changes have been saved!'),
  // recovery (106xxxx)
  recoverySuccessful: (minutes: number) =>
    success(
      1060001,
      `You successfully recovered your account. Please change your password within the next ${minutes} minutes.`,
    ),
  recoveryCodeSent: () =>
    info(
      1060003,
      'An email containing a recovery code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  // verification (108xxxx)
  verificationCodeSent: () =>
    info(
      1080003,
      'An email containing a verification code has been sent to the email address you provided. If you have not received an email, check the spelling of the address and make sure to use the address you registered with.',
    ),
  verificationSuccessful: () => success(1080002, 'You successfully verified your email address.'),
  // validation (4xxxxxx)
  /** Kratos's generic validation error (`ErrorValidationGeneric`): the text is the reason. */
  validationGeneric: (reason: string) => error(4000001, reason, { reason }),
  codeSubmittedTooOften: () =>
    error(4000001, 'The request was submitted too often. Please request another code.', {
      reason: 'The request was submitted too often. Please request another code.',
    }),
  required: (property: string) => error(4000002, `Property ${property} is missing.`, { property }),
  /** Kratos's `ErrorValidationMaxLength`, for a trait longer than the identity schema allows. */
  maxLength: (max: number, actual: number) =>
    error(4000017, `length must be <= ${max}, but got ${actual}`, { max_length: max, actual_length: actual }),
  invalidFormat: (value: string) => error(4000004, `"${value}" is not valid "email"`, { pattern: 'email' }),
  invalidCredentials: () =>
    error(
      4000006,
      'The provided credentials are invalid, check for spelling mistakes in your password or username, email address, or phone number.',
    ),
  duplicateWithHints: (identifier: string, available: string[]) =>
    error(
      4000028,
      'You tried signing in with ' +
        identifier +
        ' which is already in use by another account. You can sign in using your password or a one-time code.',
      { available_credential_types: available, credential_identifier_hint: identifier },
    ),
  /**
   * Social sign-in found another account with the provider's e-mail: it is not linked; the reader signs in
   * the way that account allows (a one-time code always works for its address).
   */
  duplicateOfSocial: (identifier: string, types: string[], providers: string[]) => {
    const ways = [
      ...(types.includes('password') ? ['your password'] : []),
      'a one-time code sent to that address',
      ...providers.map((p) => `${p[0]!.toUpperCase()}${p.slice(1)}`),
    ];
    const list = ways.length > 1 ? `${ways.slice(0, -1).join(', ')} or ${ways.at(-1)}` : ways[0]!;
    return error(
      4000028,
      `You tried signing in with ${identifier} which is already in use by another account. Sign in with ${list} instead.`,
      {
        available_credential_types: [...new Set([...types, 'code'])],
        available_oidc_providers: providers,
        credential_identifier_hint: identifier,
      },
    );
  },
  password: (id: number, text: string, context?: Record<string, unknown>) => error(id, text, context),
  noCodeUser: () => error(4000035, 'This account does not exist or has not setup sign in with code.'),
  duplicateCredentials: () =>
    error(4000007, 'An account with the same identifier (email, phone, username, ...) exists already.'),
  loginNoStrategy: () =>
    error(4010002, 'Could not find a strategy to log you in with. Did you fill out the form correctly?'),
  registrationNoStrategy: () =>
    error(4010003, 'Could not find a strategy to sign you up with. Did you fill out the form correctly?'),
  settingsNoStrategy: () =>
    error(4010004, 'Could not find a strategy to update your settings. Did you fill out the form correctly?'),
  recoveryNoStrategy: () =>
    error(
      4010005,
      'Could not find a strategy to recover your account with. Did you fill out the form correctly?',
    ),
  verificationNoStrategy: () =>
    error(
      4010006,
      'Could not find a strategy to verify your account with. Did you fill out the form correctly?',
    ),
  identityDisabled: () =>
    error(4010011, 'This account has been disabled. Please contact support for assistance.'),
  linkedCredentialsDoNotMatch: () => error(4010009, 'Linked credentials do not match.'),
  loginFlowExpired: (minutes: number) =>
    error(4010001, `The login flow expired ${minutes} minutes ago, please try again.`, {
      expired_at_minutes: minutes,
    }),
  loginCodeInvalid: () =>
    error(4010008, 'The login code is invalid or has already been used. Please try again.'),
  registrationFlowExpired: (minutes: number) =>
    error(4040001, `The registration flow expired ${minutes} minutes ago, please try again.`),
  registrationCodeInvalid: () =>
    error(4040003, 'The registration code is invalid or has already been used. Please try again.'),
  settingsFlowExpired: (minutes: number) =>
    error(4050001, `The settings flow expired ${minutes} minutes ago, please try again.`),
  recoveryRetrySuccess: () =>
    error(4060001, 'The request was already completed successfully and can not be retried.'),
  recoveryFlowExpired: (minutes: number) =>
    error(4060005, `The recovery flow expired ${minutes} minutes ago, please try again.`),
  recoveryCodeInvalid: () =>
    error(4060006, 'The recovery code is invalid or has already been used. Please try again.'),
  verificationRetrySuccess: () =>
    error(4070002, 'The request was already completed successfully and can not be retried.'),
  verificationFlowExpired: (minutes: number) =>
    error(4070005, `The verification flow expired ${minutes} minutes ago, please try again.`),
  verificationCodeInvalid: () =>
    error(4070006, 'The verification code is invalid or has already been used. Please try again.'),
  /** Kratos's generic system error (`ErrorSystemGeneric`): the text is the reason. */
  systemGeneric: (reason: string) => error(5000001, reason, { reason }),
};
