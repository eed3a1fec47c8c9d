/** The headers spec §7 adds to every GraphQL request. */
export const APP_VERSION_HEADER = 'x-app-version';
export const APP_NAME_HEADER = 'x-app-name';
export const CAPTCHA_TOKEN_HEADER = 'x-captcha-token';

/**
 * The app version and app name headers when configured (a blank value is not configured), and the
 * captcha token header only when a token is supplied.
 */
export function graphQLRequestHeaders(input: {
  appVersion?: string | null;
  appName?: string | null;
  captchaToken?: string | null;
}): Record<string, string> {
  const headers: Record<string, string> = {};
  const appVersion = input.appVersion?.trim();
  const appName = input.appName?.trim();
  const captchaToken = input.captchaToken?.trim();
  if (appVersion) headers[APP_VERSION_HEADER] = appVersion;
  if (appName) headers[APP_NAME_HEADER] = appName;
  if (captchaToken) headers[CAPTCHA_TOKEN_HEADER] = captchaToken;
  return headers;
}
