/*
 * The feedback widget, served as-is at GET /widget.js (no build step: these bytes are what browsers run).
 * Embed: <script src="https://feedback.example.com/widget.js" data-key="pk_…" async></script>
 * No framework, no cookies or storage, no request to anyone but the service that served it, no eval;
 * its markup and styles live in a shadow root. README, "Browser widget", documents what it sends.
 */
(function () {
  'use strict';
  if (window.FeedbackWidget && window.FeedbackWidget.version) return; // the snippet was pasted twice

  var script =
    document.currentScript ||
    Array.prototype.slice.call(document.querySelectorAll('script[data-key]')).filter(function (s) {
      return /\/widget\.js(\?|$)/.test(s.src);
    })[0];
  if (!script) return;
  var key = script.getAttribute('data-key') || '';
  var base = script.src.replace(/\/widget\.js(\?.*)?$/, '');
  var TEXT_LIMIT = 10000;
  var userId;

  var CSS =
    ':host{all:initial}' +
    '*{box-sizing:border-box;font-family:system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;font-size:15px;line-height:1.4}' +
    '.fw{--bg:#fff;--fg:#1c1c1e;--muted:#5b5b66;--line:#c9c9d1;--accent:#2451c7;--accent-fg:#fff;--bad:#b3261e;--good:#1b6e3a;' +
    '--shadow:0 8px 32px rgba(0,0,0,.24);color:var(--fg)}' +
    '@media (prefers-color-scheme:dark){.fw{--bg:#1f1f24;--fg:#f2f2f7;--muted:#b4b4c0;--line:#4a4a55;--accent:#8fb0ff;--accent-fg:#10131c;' +
    '--bad:#ffb4ab;--good:#8fd6a5;--shadow:0 8px 32px rgba(0,0,0,.6)}}' +
    '.launcher{position:fixed;right:20px;bottom:20px;z-index:2147483646;border:0;border-radius:999px;padding:10px 18px;' +
    'background:var(--accent);color:var(--accent-fg);font-weight:600;cursor:pointer;box-shadow:var(--shadow)}' +
    'button:focus-visible,textarea:focus-visible{outline:3px solid var(--accent);outline-offset:2px}' +
    'dialog{border:1px solid var(--line);border-radius:12px;padding:20px;width:min(420px,calc(100vw - 32px));' +
    'background:var(--bg);color:var(--fg);box-shadow:var(--shadow)}' +
    'dialog[open]{animation:fw-in .18s ease-out}' +
    'dialog::backdrop{background:rgba(0,0,0,.35)}' +
    '@keyframes fw-in{from{opacity:0;transform:translateY(12px)}to{opacity:1;transform:none}}' +
    '@media (prefers-reduced-motion:reduce){dialog[open]{animation:none}*{transition:none!important}}' +
    'h2{margin:0 0 4px;font-size:18px;font-weight:650}' +
    'p{margin:0 0 12px;color:var(--muted)}' +
    'label{display:block;font-weight:600;margin-bottom:6px}' +
    'textarea{width:100%;min-height:120px;resize:vertical;padding:8px 10px;border:1px solid var(--line);border-radius:8px;' +
    'background:var(--bg);color:var(--fg)}' +
    '.hint{font-size:13px;margin:4px 0 0;color:var(--muted)}' +
    '.status{min-height:1.4em;margin:10px 0 0}.status.error{color:var(--bad)}.status.ok{color:var(--good)}' +
    '.actions{display:flex;gap:8px;justify-content:flex-end;margin-top:12px}' +
    '.actions button{border-radius:8px;padding:8px 16px;cursor:pointer;font-weight:600}' +
    '.send{border:0;background:var(--accent);color:var(--accent-fg)}.send[disabled]{opacity:.6;cursor:progress}' +
    '.close{border:1px solid var(--line);background:transparent;color:var(--fg)}';

  var MARKUP =
    '<div class="fw">' +
    '<button type="button" class="launcher" aria-haspopup="dialog">Feedback</button>' +
    '<dialog aria-labelledby="fw-title" aria-describedby="fw-intro">' +
    '<form novalidate>' +
    '<h2 id="fw-title">Send us feedback</h2>' +
    '<p id="fw-intro">Tell us what works, what does not, or what you miss.</p>' +
    '<label for="fw-text">Your feedback</label>' +
    '<textarea id="fw-text" name="text" required maxlength="' +
    TEXT_LIMIT +
    '" aria-describedby="fw-hint fw-status"></textarea>' +
    '<div class="hint" id="fw-hint">Please leave out passwords and card numbers. We also receive the page address (without its query) and your window size.</div>' +
    '<div class="status" id="fw-status" role="status" aria-live="polite"></div>' +
    '<div class="actions">' +
    '<button type="button" class="close">Close</button>' +
    '<button type="submit" class="send">Send feedback</button>' +
    '</div></form></dialog></div>';

  var host = document.createElement('feedback-widget');
  var root = host.attachShadow({ mode: 'open' });
  // A constructed style sheet is not an inline style, so a strict style-src policy of the host page does not block it.
  if ('adoptedStyleSheets' in root && typeof CSSStyleSheet === 'function' && 'replaceSync' in CSSStyleSheet.prototype) {
    var sheet = new CSSStyleSheet();
    sheet.replaceSync(CSS);
    root.adoptedStyleSheets = [sheet];
  } else {
    var style = document.createElement('style');
    style.textContent = CSS;
    root.appendChild(style);
  }
  var holder = document.createElement('div');
  holder.innerHTML = MARKUP; // static markup only: user text never goes through innerHTML
  root.appendChild(holder.firstChild);

  var launcher = root.querySelector('.launcher');
  var dialog = root.querySelector('dialog');
  var form = root.querySelector('form');
  var textarea = root.querySelector('textarea');
  var status = root.querySelector('.status');
  var send = root.querySelector('.send');
  var closeButton = root.querySelector('.close');
  var idempotencyKey;

  function showStatus(message, kind) {
    status.textContent = message;
    status.className = 'status' + (kind ? ' ' + kind : '');
    if (kind === 'error') textarea.setAttribute('aria-invalid', 'true');
    else textarea.removeAttribute('aria-invalid');
  }

  function open() {
    if (!dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    }
    textarea.focus();
  }

  function close() {
    if (dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
    launcher.focus();
  }

  // Focus stays inside the open form: Tab from the last control goes to the first, Shift+Tab from the first to the last.
  function trapFocus(event) {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    var controls = Array.prototype.slice.call(dialog.querySelectorAll('textarea, button:not([disabled])'));
    var first = controls[0];
    var last = controls[controls.length - 1];
    var active = root.activeElement;
    if (event.shiftKey && (active === first || !dialog.contains(active))) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
      event.preventDefault();
      first.focus();
    }
  }

  function randomId() {
    var bytes = new Uint8Array(16);
    crypto.getRandomValues(bytes);
    return Array.prototype.map
      .call(bytes, function (b) {
        return (b + 256).toString(16).slice(1);
      })
      .join('');
  }

  /**
   * The page address without query and fragment, which often carry personal data (tokens, emails, search terms);
   * cut to 1,000 characters so a freak path cannot push the metadata over its 8 KB limit.
   */
  function pageUrl() {
    return (location.origin + location.pathname).slice(0, 1000);
  }

  function call(path, body, extraHeaders) {
    var headers = { Authorization: 'Bearer ' + key, 'Content-Type': 'application/json' };
    for (var name in extraHeaders) headers[name] = extraHeaders[name];
    return fetch(base + path, { method: 'POST', headers: headers, body: JSON.stringify(body), credentials: 'omit', mode: 'cors' }).then(
      function (response) {
        return response.text().then(function (text) {
          var json = null;
          try {
            json = text ? JSON.parse(text) : null;
          } catch (ignored) {
            json = null;
          }
          return { status: response.status, body: json, retryAfter: response.headers.get('Retry-After') };
        });
      },
      // Blocked or unreachable: a browser says nothing more. The service answers this origin-free probe when it is up,
      // so a failure next to a working probe means this page's origin is not on the allowlist.
      function () {
        return fetch(base + '/widget.js', { method: 'HEAD', mode: 'no-cors', cache: 'no-store', credentials: 'omit' }).then(
          function () {
            return { status: 0, blocked: true };
          },
          function () {
            return { status: 0, blocked: false };
          },
        );
      },
    );
  }

  function seconds(n) {
    return n === 1 ? '1 second' : n + ' seconds';
  }

  function refusedText(problem) {
    var textProblem = (problem.errors || []).filter(function (e) {
      return e.field === 'text';
    })[0];
    if (textProblem) return 'Please write a few words of feedback before sending (your text ' + textProblem.message + ').';
    return 'Your feedback could not be accepted: ' + (problem.detail || 'the form was not filled in as expected') + '.';
  }

  function retryAfter(result) {
    var wait = parseInt(result.retryAfter, 10);
    return wait > 0 ? wait : 60;
  }

  /** A refusal in plain words, for the person who wrote the feedback. */
  function explain(result) {
    var problem = result.body || {};
    switch (result.status) {
      case 0:
        return result.blocked
          ? 'This website is not allowed to send feedback to this project. (Site owners: add ' + location.origin + ' to the allowed origins.)'
          : 'We could not reach the feedback service. Please check your connection and try again.';
      case 400:
        return refusedText(problem);
      case 401:
        return 'This feedback form is not set up correctly (its key was refused), so nothing was sent.';
      case 403:
        return 'This website is not allowed to send feedback to this project.';
      case 413:
        return 'Your feedback is too long to send. Please shorten it.';
      case 429:
        return 'Too much feedback was sent from this site in the last minute. Please try again in ' + seconds(retryAfter(result)) + '.';
      default:
        return 'Something went wrong on our side and your feedback was not saved. Please try again in a moment.';
    }
  }

  function submit(event) {
    event.preventDefault();
    var text = textarea.value;
    if (!text.trim()) {
      showStatus('Please write your feedback before sending.', 'error');
      textarea.focus();
      return;
    }
    if (text.length > TEXT_LIMIT) {
      showStatus('Your feedback is too long: at most ' + TEXT_LIMIT.toLocaleString('en') + ' characters.', 'error');
      return;
    }
    // One key per text: resending the same text after a lost answer records it once.
    if (!idempotencyKey) idempotencyKey = randomId();
    var body = {
      text: text,
      source: 'widget',
      metadata: { pageUrl: pageUrl(), viewport: window.innerWidth + 'x' + window.innerHeight },
    };
    if (userId) body.userId = userId;
    send.disabled = true;
    showStatus('Sending…');
    call('/api/v1/feedback', body, { 'Idempotency-Key': idempotencyKey }).then(function (result) {
      send.disabled = false;
      if (result.status === 200 || result.status === 202) {
        textarea.value = '';
        idempotencyKey = undefined;
        showStatus('Thank you! Your feedback was sent.', 'ok');
      } else {
        showStatus(explain(result), 'error');
      }
    });
  }

  launcher.addEventListener('click', open);
  closeButton.addEventListener('click', close);
  form.addEventListener('submit', submit);
  dialog.addEventListener('keydown', trapFocus);
  dialog.addEventListener('cancel', function (event) {
    event.preventDefault();
    close();
  });
  textarea.addEventListener('input', function () {
    idempotencyKey = undefined;
  });

  window.FeedbackWidget = {
    version: 1,
    open: open,
    close: close,
    /**
     * Names the person using the page: later feedback carries this userId, and the traits (strings and booleans;
     * numbers and the customer value need the secret key) are merged into the user. Resolves to `{ userId, warnings }`.
     */
    identify: function (id, traits) {
      if (typeof id !== 'string' || !id) return Promise.reject(new TypeError('identify(userId, traits) needs a userId string'));
      userId = id;
      return call('/api/v1/users/identify', { userId: id, traits: traits || {} }, {}).then(function (result) {
        if (result.status === 200) return result.body;
        var error = new Error(explain(result));
        error.status = result.status;
        error.problem = result.body;
        throw error;
      });
    },
  };

  function mount() {
    document.body.appendChild(host);
    window.dispatchEvent(new Event('feedback-widget-ready'));
  }
  if (document.body) mount();
  else document.addEventListener('DOMContentLoaded', mount);
})();
