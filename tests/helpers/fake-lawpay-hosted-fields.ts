/*
 * The browser half of FakeLawPay's hosted fields (tests/helpers/fake-lawpay.ts serves these): a small
 * stand-in for LawPay's fieldGen.js and for the page each of its iframes shows. It keeps the real
 * library's architecture, which is what an end-to-end test has to prove: the card and bank numbers are
 * typed into iframes of the fake's origin, each iframe sends its own value to the fake, and an iframe (not
 * the page) asks the fake for the one-time token. The page only ever sees validity flags and the token.
 *
 * Messages between the page and the iframes carry the instance's session id and are checked both ways:
 * the page accepts only messages from its own iframes at the fake's origin and posts to them with that
 * origin as targetOrigin; an iframe accepts only its parent at the origin it was given and posts back to it.
 *
 * The browser code is plain JavaScript in strings (no build step); it uses no template literals, so the only
 * interpolations are the ${...} of these functions. tests/integration/fake-lawpay-hosted-fields.test.ts
 * covers the HTTP side; the e2e tests run the scripts in Chromium.
 */

export const HOSTED_FIELD_TYPES = ['credit_card_number', 'cvv', 'routing_number', 'bank_account_number'] as const;
export type HostedFieldType = (typeof HOSTED_FIELD_TYPES)[number];

/** The field's human name: its input's aria-label, its page's title and its iframe's default title. */
export const HOSTED_FIELD_NAMES: Record<HostedFieldType, string> = {
  credit_card_number: 'Card number',
  cvv: 'CVV',
  routing_number: 'Routing number',
  bank_account_number: 'Account number',
};

export function isHostedFieldType(value: unknown): value is HostedFieldType {
  return typeof value === 'string' && (HOSTED_FIELD_TYPES as readonly string[]).includes(value);
}

/** How long getPaymentToken waits for the iframes and the fake before it rejects. */
const TOKEN_TIMEOUT_MS = 10_000;

/** fieldGen.js: defines window.AffiniPay.HostedFields.initializeFields for pages of any origin. */
export function fieldGenScript(fakeOrigin: string): string {
  return `/* FakeLawPay's stand-in for LawPay's hosted fields library (fieldGen.js). For tests only. */
(function () {
  'use strict';
  var FAKE_ORIGIN = ${JSON.stringify(fakeOrigin)};
  var NAMES = ${JSON.stringify(HOSTED_FIELD_NAMES)};
  var TIMEOUT_MS = ${TOKEN_TIMEOUT_MS};
  // The real library's exception codes (developers.affinipay.com, hosted fields reference).
  var exceptionMap = { 1: 'initialization', 2: 'configuration', 3: 'network', 4: 'payment' };

  function randomId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return (b + 256).toString(16).slice(1); }).join('');
  }

  function failure(code, message, messages) {
    return { code: code, message: message, messages: messages || [message] };
  }

  function initializeFields(config, stateCallback) {
    if (!config || typeof config.publicKey !== 'string' || !Array.isArray(config.fields) || config.fields.length === 0) {
      throw failure(2, 'error invalid configuration', ['publicKey and at least one field are required']);
    }
    var session = randomId();
    var baseCss = (config.input && config.input.css) || {};
    var fields = config.fields.map(function (field) {
      var input = field.input || {};
      if (!NAMES[input.type]) throw failure(2, 'error invalid configuration', ['unknown field type ' + input.type]);
      var container = document.querySelector(field.selector);
      if (!container) throw failure(1, 'error initializing fields', ['no element matches ' + field.selector]);
      var iframe = document.createElement('iframe');
      var query = new URLSearchParams({ type: input.type, session: session, publicKey: config.publicKey, parent: location.origin });
      iframe.src = FAKE_ORIGIN + '/hostedfields/field.html?' + query.toString();
      iframe.title = input.title || input.label || field.label || NAMES[input.type];
      // Attributes rather than inline styles where the page may want its own size (its CSS wins over them);
      // the style properties are set through the CSSOM, which a page's style-src CSP allows.
      iframe.setAttribute('width', '100%');
      iframe.setAttribute('height', '44');
      iframe.style.border = '0';
      iframe.style.display = 'block';
      container.replaceChildren(iframe);
      var entry = {
        iframe: iframe,
        css: Object.assign({}, baseCss, input.css || {}),
        placeholder: input.placeholder || '',
        state: { selector: field.selector, type: input.type, error: '', isValid: false, isEmpty: true, isTouched: false },
      };
      entry.ready = new Promise(function (resolve) { entry.markReady = resolve; });
      return entry;
    });

    // Replies the page waits for (flushed values, the token), by request id and iframe.
    var waiting = [];

    function post(entry, message) {
      message.session = session;
      entry.iframe.contentWindow.postMessage(message, FAKE_ORIGIN);
    }

    function ask(entry, message, requestId) {
      return new Promise(function (resolve, reject) {
        if (!entry.iframe.contentWindow) return reject(failure(1, 'error getting payment token', ['a hosted field is no longer on the page']));
        waiting.push({ entry: entry, requestId: requestId, resolve: resolve, reject: reject });
        message.requestId = requestId;
        post(entry, message);
      });
    }

    function getState() {
      return {
        isReady: fields.every(function (f) { return f.state.isValid; }),
        fields: fields.map(function (f) { return Object.assign({}, f.state); }),
      };
    }

    window.addEventListener('message', function (event) {
      if (event.origin !== FAKE_ORIGIN) return;
      var entry = fields.find(function (f) { return f.iframe.contentWindow === event.source; });
      var data = event.data;
      if (!entry || !data || data.session !== session) return;
      if (data.kind === 'ready') {
        post(entry, { kind: 'configure', placeholder: entry.placeholder, css: entry.css });
        entry.markReady();
      } else if (data.kind === 'state') {
        // Validity only: the iframe never tells the page what was typed.
        entry.state = Object.assign({}, entry.state, {
          error: String(data.error || ''),
          isValid: data.isValid === true,
          isEmpty: data.isEmpty === true,
          isTouched: data.isTouched === true,
        });
        if (typeof stateCallback === 'function') stateCallback(getState());
      } else if (data.kind === 'reply') {
        var index = waiting.findIndex(function (w) { return w.entry === entry && w.requestId === data.requestId; });
        if (index < 0) return;
        var waiter = waiting.splice(index, 1)[0];
        if (data.error) waiter.reject(data.error);
        else waiter.resolve(data.token);
      }
    });

    function getPaymentToken(extra) {
      var requestId = randomId();
      var work = Promise.all(fields.map(function (f) { return f.ready; }))
        // Every iframe first makes sure the fake has its latest value (the last keystroke's request may
        // still be on its way), then one of them asks for the token.
        .then(function () { return Promise.all(fields.map(function (f) { return ask(f, { kind: 'flush' }, requestId); })); })
        .then(function () { return ask(fields[0], { kind: 'tokenize', extra: extra || {} }, requestId); });
      var timer;
      var timeout = new Promise(function (resolve, reject) {
        timer = setTimeout(function () {
          waiting = waiting.filter(function (w) { return w.requestId !== requestId; });
          reject(failure(3, 'error getting payment token', ['the hosted fields did not answer within ' + TIMEOUT_MS / 1000 + ' s']));
        }, TIMEOUT_MS);
      });
      return Promise.race([work, timeout]).finally(function () { clearTimeout(timer); });
    }

    return { getState: getState, getPaymentToken: getPaymentToken };
  }

  function parseException(exception) {
    return exception && typeof exception === 'object' && 'message' in exception
      ? { code: exception.code, message: exception.message, messages: exception.messages || [] }
      : failure(1, String(exception));
  }

  window.AffiniPay = window.AffiniPay || {};
  window.AffiniPay.HostedFields = { initializeFields: initializeFields, parseException: parseException, exceptionMap: exceptionMap };
})();
`;
}

const INPUT_ATTRIBUTES: Record<HostedFieldType, string> = {
  credit_card_number: 'autocomplete="cc-number" maxlength="23"',
  cvv: 'autocomplete="cc-csc" maxlength="4"',
  routing_number: 'autocomplete="off" maxlength="11"',
  bank_account_number: 'autocomplete="off" maxlength="21"',
};

/** The page inside one hosted field's iframe: one labelled input that validates itself and talks to the fake. */
export function fieldHtml(type: HostedFieldType): string {
  const name = HOSTED_FIELD_NAMES[type];
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${name}</title>
<style>
  html, body { margin: 0; height: 100%; background: transparent; }
  input {
    box-sizing: border-box; width: 100%; height: 100%; margin: 0; padding: 0 0.75rem;
    border: 1px solid #8c8f94; border-radius: 6px; background: #fff; color: #1d2327;
    font: 16px/1.25 system-ui, -apple-system, 'Segoe UI', sans-serif;
  }
  input:focus { outline: 2px solid #2563eb; outline-offset: -2px; border-color: #2563eb; }
</style>
</head>
<body>
<input id="field" type="text" inputmode="numeric" required aria-label="${name}" ${INPUT_ATTRIBUTES[type]}>
<script>
(function () {
  'use strict';
  var params = new URLSearchParams(location.search);
  var type = params.get('type');
  var session = params.get('session');
  var publicKey = params.get('publicKey');
  var parentOrigin = params.get('parent');
  var input = document.getElementById('field');
  var touched = false;

  function luhn(digits) {
    var sum = 0;
    for (var i = 0; i < digits.length; i++) {
      var d = Number(digits[digits.length - 1 - i]);
      if (i % 2 === 1) d = d * 2 > 9 ? d * 2 - 9 : d * 2;
      sum += d;
    }
    return sum % 10 === 0;
  }

  // Spaces and dashes are how people group digits; anything else makes the value invalid.
  function value() {
    return input.value.replace(/[\\s-]/g, '');
  }

  function problem() {
    var v = value();
    if (v === '') return ${JSON.stringify(name)} + ' is required';
    if (type === 'credit_card_number') return /^\\d{15,16}$/.test(v) && luhn(v) ? '' : 'Card number is invalid';
    if (type === 'cvv') return /^\\d{3,4}$/.test(v) ? '' : 'CVV must be 3 or 4 digits';
    if (type === 'routing_number') return /^\\d{9}$/.test(v) ? '' : 'Routing number must be 9 digits';
    return /^\\d{4,17}$/.test(v) ? '' : 'Account number must be 4 to 17 digits';
  }

  function tell(message) {
    message.session = session;
    window.parent.postMessage(message, parentOrigin);
  }

  // The error shows once the field has been left (not while the first digits are typed); isValid is always current.
  function report() {
    var error = problem();
    input.setCustomValidity(error);
    input.setAttribute('aria-invalid', String(touched && error !== ''));
    tell({ kind: 'state', isValid: error === '', isEmpty: input.value === '', isTouched: touched, error: touched ? error : '' });
  }

  // One request at a time, each sending the value as it is when it leaves, so the last one to arrive is the latest.
  var sending = Promise.resolve(null);
  function saveValue() {
    sending = sending.then(function () {
      return fetch('/hostedfields/value', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ session: session, type: type, value: value(), publicKey: publicKey }),
      }).then(
        function (response) {
          return response.ok ? null : { code: response.status === 401 ? 2 : 1, message: 'error saving hosted field', messages: ['HTTP ' + response.status] };
        },
        function () { return { code: 3, message: 'error saving hosted field', messages: ['network error'] }; },
      );
    });
    return sending;
  }

  function tokenize(requestId, extra) {
    var kind = type === 'credit_card_number' || type === 'cvv' ? 'card' : 'bank';
    fetch('/v1/tokens', {
      method: 'POST',
      headers: { Authorization: 'Basic ' + btoa(publicKey + ':'), 'Content-Type': 'application/json' },
      body: JSON.stringify(Object.assign({}, extra, { session: session, type: kind })),
    })
      .then(function (response) {
        return response.json().then(function (answer) {
          if (response.ok) return tell({ kind: 'reply', requestId: requestId, token: answer });
          var messages = (answer.messages || []).map(function (m) { return m.message || m.code; });
          var code = response.status === 401 ? 2 : 4;
          tell({ kind: 'reply', requestId: requestId, error: { code: code, message: messages[0] || 'error getting payment token', messages: messages } });
        });
      })
      .catch(function () {
        tell({ kind: 'reply', requestId: requestId, error: { code: 3, message: 'error getting payment token', messages: ['network error'] } });
      });
  }

  // The page's look for the input: plain properties on the input, ':focus', ':valid', ':invalid' and ':required' as rules.
  function configure(placeholder, css) {
    if (placeholder) input.placeholder = placeholder;
    var rules = [];
    Object.keys(css || {}).forEach(function (key) {
      var kebab = function (name) { return name.replace(/[A-Z]/g, function (c) { return '-' + c.toLowerCase(); }); };
      if (key.charAt(0) === ':' && css[key] && typeof css[key] === 'object') {
        var body = Object.keys(css[key]).map(function (p) { return kebab(p) + ': ' + css[key][p]; }).join('; ');
        rules.push('#field' + key + ' { ' + body + ' }');
      } else {
        input.style.setProperty(kebab(key), String(css[key]));
      }
    });
    if (rules.length > 0) {
      var style = document.createElement('style');
      style.textContent = rules.join('\\n');
      document.head.appendChild(style);
    }
  }

  window.addEventListener('message', function (event) {
    if (event.origin !== parentOrigin || event.source !== window.parent) return;
    var data = event.data;
    if (!data || data.session !== session) return;
    if (data.kind === 'configure') configure(data.placeholder, data.css);
    else if (data.kind === 'flush')
      saveValue().then(function (error) { tell({ kind: 'reply', requestId: data.requestId, error: error }); });
    else if (data.kind === 'tokenize') tokenize(data.requestId, data.extra);
  });

  input.addEventListener('input', function () {
    saveValue();
    report();
  });
  input.addEventListener('blur', function () {
    touched = true;
    report();
  });

  tell({ kind: 'ready' });
  report();
})();
</script>
</body>
</html>
`;
}
