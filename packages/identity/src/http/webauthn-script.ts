/**
 * What `/.well-known/ory/webauthn.js` serves. WebAuthn and passkeys are not enabled on this server, so
 * no flow renders a node that calls these; they exist so that a page loading the script does not fail.
 */
export const WEBAUTHN_SCRIPT = `(function () {
  function unavailable() {
    alert('Security keys and passkeys are not enabled on this site.');
  }
  window.__oryWebAuthnLogin = unavailable;
  window.__oryWebAuthnRegistration = unavailable;
  window.__oryPasskeyLogin = unavailable;
  window.__oryPasskeyLoginAutocompleteInit = function () {};
  window.__oryPasskeyRegistration = unavailable;
  window.__oryPasskeySettingsRegistration = unavailable;
  window.__oryWebAuthnInitialized = true;
})();
`;
