/* global document, location, window, __BOOT__ */
// Inlined into index.html's <head> by vite.config.ts (the server allows it by its CSP hash, taken
// from the built index.html), so it runs before the first paint without a request of its own:
// 1. applies the stored theme and language to <html>, so a dark-mode user never sees a white
//    flash and the page starts in the right language;
// 2. loads the locale's Intl data while the code downloads (see below);
// 3. for someone signed in on the controller's own address, sends the first view's API requests;
// 4. starts downloading the code of the screen this address will show (the sign-in screen, or
//    the signed-in frame with the page), and the English messages when English is chosen, while
//    the entry downloads, instead of one round trip after it.
// __BOOT__ is filled in by the build from the app's own constants (build/first-views.ts): the
// router's base, the storage keys, the addresses of each first view, and the preloads (none in
// `vite dev`).
(function (boot) {
  var base = boot.base;
  var keys = boot.keys;
  var preloads = boot.preloads;
  var root = document.documentElement;
  var lang = null;
  var signedIn = false;
  // Anything but a stored 'light' or 'dark' (nothing stored, 'system', unreadable storage)
  // follows the operating system, as the app does (lib/settings.ts).
  var mode = null;
  try {
    mode = (JSON.parse(localStorage.getItem(keys.settings) || '{}') || {}).themeMode;
  } catch {
    // Storage blocked or unreadable: the system's preference decides.
  }
  var dark =
    mode === 'dark' ||
    (mode !== 'light' &&
      !!window.matchMedia &&
      window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.classList.remove(dark ? 'light' : 'dark');
  root.classList.add(dark ? 'dark' : 'light');
  try {
    lang = new URLSearchParams(location.search).get('lang');
    if (lang !== 'de' && lang !== 'en') {
      var i18n = JSON.parse(localStorage.getItem(keys.i18n) || '{}') || {};
      lang = i18n.code;
    }
    if (lang === 'de' || lang === 'en') root.lang = lang;
    signedIn = !!(localStorage.getItem(keys.auth) || sessionStorage.getItem(keys.auth));
  } catch {
    // Storage blocked or unreadable: keep the defaults written in index.html.
  }
  // The building, as the app decides it (lib/house.ts): the address's `?house=N`, else the
  // tab's kept choice (both sent as `house=N` to our API), else the one the app config names.
  var house = null;
  try {
    var chosen = new URLSearchParams(location.search).get('house');
    if (!/^[1-9]\d{0,6}$/.test(chosen || '')) chosen = sessionStorage.getItem(keys.house);
    if (/^[1-9]\d{0,6}$/.test(chosen || '')) house = chosen;
  } catch {
    // Storage blocked: the app config names the building.
  }
  // Every first view needs the app config (the login page names the building from it): asked
  // for while the code downloads, for the building the app will ask it of; the app's own
  // request (lib/api-client.ts) is answered from this preload.
  var configPath = '/api/app-config' + (house ? '?house=' + house : '');
  var configLink = document.createElement('link');
  configLink.rel = 'preload';
  configLink.href = configPath;
  configLink.as = 'fetch';
  configLink.crossOrigin = 'anonymous';
  document.head.appendChild(configLink);
  // The first Intl call of a page loads the locale's data, tens of milliseconds on a slow phone.
  // Done here, in a task of its own while the code still downloads, it is not part of the first
  // render later (react-intl checks the locale's Intl support before rendering anything).
  setTimeout(function () {
    try {
      Intl.NumberFormat.supportedLocalesOf(lang === 'en' ? 'en' : 'de');
      Intl.DateTimeFormat.supportedLocalesOf(lang === 'en' ? 'en' : 'de');
    } catch {
      // No Intl: react-intl reports it later.
    }
  }, 0);
  if (!preloads) return;
  var path = location.pathname.indexOf(base) === 0 ? location.pathname.slice(base.length) : '';
  path = path.replace(/\/+$/, '');
  // The first view whose addresses include this one (the sign-in screen among the open ones).
  var view = null;
  for (var v = 0; v < boot.views.length && !view; v += 1)
    if (new RegExp(boot.views[v][1]).test(path)) view = boot.views[v][0];
  var groups = [];
  if (lang === 'en') groups.push('en');
  if (new RegExp(boot.open).test(path)) {
    if (view === 'login') groups.push('login');
  } else if (!signedIn) {
    // The signed-in area sends strangers to the sign-in screen.
    groups.push('login');
  } else {
    groups.push('layout');
    if (view) groups.push(view);
  }
  // Someone signed in on the controller's own address (localhost or an IP: the API is /api
  // there): the first view's API requests go out now, alongside the code; the API client
  // (lib/api-client.ts) takes these answers for its first requests of the same paths: the
  // sign-in check, temps and permissions (every signed-in view) and what the page itself shows
  // beside them (the room page's alarm and absence marks). They go out after the code's
  // preloads: the code is most of the bytes, and the few connections a browser opens are best
  // taken by it first; the small answers still arrive long before the entry has.
  var send = null;
  if (signedIn && groups.indexOf('layout') !== -1 && preloads.api) {
    try {
      var host = location.hostname.replace(/^\[|\]$/g, '');
      if (
        host === 'localhost' ||
        /\.localhost$/.test(host) ||
        /^\d{1,3}(\.\d{1,3}){3}$/.test(host) ||
        host.indexOf(':') !== -1
      ) {
        var stored = JSON.parse(
          localStorage.getItem(keys.auth) || sessionStorage.getItem(keys.auth),
        );
        var bytes = new TextEncoder().encode(stored.username + ':' + stored.password);
        var authorization = 'Basic ' + btoa(String.fromCharCode.apply(null, bytes));
        var answers = {};
        window.__raumreglerFirstAnswers = { authorization: authorization, answers: answers };
        // The app config is public: asked for as the preload above was, so that it takes it.
        var ask = function (path) {
          answers[path] = fetch(
            path,
            path === configPath
              ? undefined
              : {
                  headers: {
                    Accept: 'application/json',
                    'X-Requested-With': 'XMLHttpRequest',
                    Authorization: authorization,
                  },
                },
          ).then(function (response) {
            return response.text().then(function (text) {
              return { status: response.status, text: text };
            });
          });
          answers[path].catch(function () {});
          return answers[path];
        };
        var devicePath = /^(\/api\/(?:get|set)\/json\/v1\/)\d+\//;
        var askIn = function (id, path) {
          ask(path.replace(devicePath, '$1' + id + '/'));
        };
        // A device API path waits for the house id the app config names when the address
        // names none (one config request for all of them); our own paths go at once.
        var config = null;
        var askAfterConfig = function (path) {
          config = config || ask(configPath);
          config
            .then(function (answer) {
              var id = String(JSON.parse(answer.text).houseId);
              if (answer.status === 200 && /^[1-9]\d{0,6}$/.test(id)) askIn(id, path);
            })
            .catch(function () {});
        };
        send = function (group) {
          var paths = preloads.api[group] || [];
          for (var a = 0; a < paths.length; a += 1) {
            var path = paths[a];
            if (!devicePath.test(path))
              ask(house ? path + (path.indexOf('?') === -1 ? '?' : '&') + 'house=' + house : path);
            else if (house) askIn(house, path);
            else askAfterConfig(path);
          }
        };
      }
    } catch {
      // Unreadable stored sign-in: the app asks in its own time.
    }
  }
  var seen = {};
  for (var g = 0; g < groups.length; g += 1) {
    var files = preloads[groups[g]] || [];
    for (var f = 0; f < files.length; f += 1) {
      if (seen[files[f]]) continue;
      seen[files[f]] = true;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = base + files[f];
      document.head.appendChild(link);
    }
  }
  for (var p = 0; send && p < groups.length; p += 1) send(groups[p]);
})(__BOOT__);
