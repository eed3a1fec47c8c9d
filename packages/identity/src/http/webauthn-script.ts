/**
 * What `/.well-known/ory/webauthn.js` serves: the browser half of WebAuthn and passkey sign-in, under the
 * global names Ory's UIs call (`__oryWebAuthnLogin`, `oryPasskeyLogin`, …). Kratos serves it whether or not
 * those methods are enabled, and so does this server: it only acts on forms that carry the WebAuthn nodes
 * (`webauthn_login_trigger`, `passkey_challenge`, `passkey_create_data`, …), which this server's flows do
 * not render while the methods are off. Options come base64url-encoded in those nodes; the credential goes
 * back, base64url-encoded, in the result input of the same form, which is then submitted.
 */
export const WEBAUTHN_SCRIPT = `;(function () {
  'use strict';
  if (typeof window === 'undefined' || window.__oryWebAuthnInitialized) return;
  if (!window.PublicKeyCredential) {
    console.log('This browser does not support WebAuthn!');
    return;
  }

  function fromBase64Url(value) {
    var text = atob(String(value).replace(/-/g, '+').replace(/_/g, '/'));
    var bytes = new Uint8Array(text.length);
    for (var i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
    return bytes;
  }

  function toBase64Url(buffer) {
    if (!buffer) return '';
    var bytes = new Uint8Array(buffer);
    var text = '';
    for (var i = 0; i < bytes.length; i++) text += String.fromCharCode(bytes[i]);
    return btoa(text).replace(/\\+/g, '-').replace(/\\//g, '_').replace(/=+$/, '');
  }

  function decodeCredentialList(list) {
    return (list || []).map(function (item) {
      return Object.assign({}, item, { id: fromBase64Url(item.id) });
    });
  }

  function decodeOptions(options) {
    var publicKey = Object.assign({}, options.publicKey);
    publicKey.challenge = fromBase64Url(publicKey.challenge);
    if (publicKey.user && publicKey.user.id) {
      publicKey.user = Object.assign({}, publicKey.user, { id: fromBase64Url(publicKey.user.id) });
    }
    if (publicKey.allowCredentials) publicKey.allowCredentials = decodeCredentialList(publicKey.allowCredentials);
    if (publicKey.excludeCredentials) publicKey.excludeCredentials = decodeCredentialList(publicKey.excludeCredentials);
    return Object.assign({}, options, { publicKey: publicKey });
  }

  function assertion(credential) {
    return JSON.stringify({
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      response: {
        authenticatorData: toBase64Url(credential.response.authenticatorData),
        clientDataJSON: toBase64Url(credential.response.clientDataJSON),
        signature: toBase64Url(credential.response.signature),
        userHandle: toBase64Url(credential.response.userHandle),
      },
    });
  }

  function attestation(credential) {
    return JSON.stringify({
      id: credential.id,
      rawId: toBase64Url(credential.rawId),
      type: credential.type,
      response: {
        attestationObject: toBase64Url(credential.response.attestationObject),
        clientDataJSON: toBase64Url(credential.response.clientDataJSON),
      },
    });
  }

  function byName(name) {
    return document.getElementsByName(name)[0];
  }

  function submitWith(resultEl, value) {
    resultEl.value = value;
    var form = resultEl.closest('form');
    if (form) form.submit();
  }

  function webAuthnLogin(options, resultSelector, triggerSelector) {
    var trigger = document.querySelector(triggerSelector || '*[name="webauthn_login_trigger"]');
    var result = document.querySelector(resultSelector || '*[name="webauthn_login"]');
    var opts = decodeOptions(options || JSON.parse(trigger.value));
    navigator.credentials.get(opts).then(function (credential) {
      submitWith(result, assertion(credential));
    }).catch(function (error) {
      alert(error);
    });
  }

  function webAuthnRegistration(options, resultSelector, triggerSelector) {
    var trigger = document.querySelector(triggerSelector || '*[name="webauthn_register_trigger"]');
    var result = document.querySelector(resultSelector || '*[name="webauthn_register"]');
    var opts = decodeOptions(options || JSON.parse(trigger.value));
    navigator.credentials.create(opts).then(function (credential) {
      submitWith(result, attestation(credential));
    }).catch(function (error) {
      alert(error);
    });
  }

  function abortConditional(reason) {
    if (window.abortPasskeyConditionalUI) {
      window.abortPasskeyConditionalUI.abort(reason);
      window.abortPasskeyConditionalUI = undefined;
    }
  }

  function passkeyLoginAutocompleteInit() {
    var data = byName('passkey_challenge');
    var result = byName('passkey_login');
    if (!data || !result || !byName('identifier')) {
      console.error('Passkey autocomplete needs the passkey_challenge, passkey_login and identifier fields.');
      return Promise.resolve();
    }
    if (!PublicKeyCredential.isConditionalMediationAvailable) return Promise.resolve();
    return PublicKeyCredential.isConditionalMediationAvailable().then(function (available) {
      if (!available) return;
      var opts = decodeOptions(JSON.parse(data.value));
      abortConditional('A new passkey autocomplete replaces this one.');
      window.abortPasskeyConditionalUI = new AbortController();
      return navigator.credentials
        .get({ publicKey: opts.publicKey, mediation: 'conditional', signal: window.abortPasskeyConditionalUI.signal })
        .then(function (credential) {
          submitWith(result, assertion(credential));
        })
        .catch(function (error) {
          console.log(error);
        });
    });
  }

  function passkeyLogin() {
    var data = byName('passkey_challenge');
    var result = byName('passkey_login');
    if (!data || !result) {
      console.error('Passkey login needs the passkey_challenge and passkey_login fields.');
      return;
    }
    var opts = decodeOptions(JSON.parse(data.value));
    abortConditional('A passkey login button was pressed.');
    navigator.credentials.get({ publicKey: opts.publicKey }).then(function (credential) {
      submitWith(result, assertion(credential));
    }).catch(function (error) {
      console.error('Passkey login failed', error);
      return passkeyLoginAutocompleteInit();
    });
  }

  function passkeyCreate(resultName) {
    var data = byName('passkey_create_data');
    var result = byName(resultName);
    if (!data || !result) {
      console.debug('Passkey registration needs passkey_create_data and ' + resultName + '.');
      return;
    }
    var parsed = JSON.parse(data.value);
    var options = parsed.credentialOptions || parsed;
    if (parsed.credentialOptions) {
      var names = Array.isArray(parsed.displayNameFieldNames) && parsed.displayNameFieldNames.length
        ? parsed.displayNameFieldNames
        : [parsed.displayNameFieldName];
      var form = data.closest('form');
      var displayName = '';
      for (var i = 0; i < names.length && !displayName; i++) {
        var field = names[i] && form && form.querySelector('[name="' + names[i] + '"]');
        if (field && field.value) displayName = field.value;
      }
      options.publicKey.user.name = displayName;
      options.publicKey.user.displayName = displayName;
    }
    navigator.credentials.create(decodeOptions(options)).then(function (credential) {
      submitWith(result, attestation(credential));
    }).catch(function (error) {
      console.error(error);
    });
  }

  function passkeyRegistration() {
    passkeyCreate('passkey_register');
  }

  function passkeySettingsRegistration() {
    passkeyCreate('passkey_settings_register');
  }

  var api = {
    WebAuthnLogin: webAuthnLogin,
    WebAuthnRegistration: webAuthnRegistration,
    PasskeyLogin: passkeyLogin,
    PasskeyLoginAutocompleteInit: passkeyLoginAutocompleteInit,
    PasskeyRegistration: passkeyRegistration,
    PasskeySettingsRegistration: passkeySettingsRegistration,
  };
  Object.keys(api).forEach(function (name) {
    window['__ory' + name] = api[name];
    window['ory' + name] = api[name];
  });
  window.__oryWebAuthnInitialized = true;
  window.dispatchEvent(new CustomEvent('oryWebAuthnInitialized'));
})();
`;
