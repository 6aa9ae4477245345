/* global document, location, window */
// Runs before the first paint (a blocking classic script, so the CSP can stay script-src 'self'):
// applies the stored theme and language to <html> so a dark-mode user never sees a white flash.
(function () {
  var root = document.documentElement;
  try {
    var settings = JSON.parse(localStorage.getItem('settings-configs') || '{}') || {};
    var mode = settings.themeMode;
    var dark =
      mode === 'dark' ||
      (mode === 'system' &&
        window.matchMedia &&
        window.matchMedia('(prefers-color-scheme: dark)').matches);
    root.classList.remove(dark ? 'light' : 'dark');
    root.classList.add(dark ? 'dark' : 'light');
    var lang = new URLSearchParams(location.search).get('lang');
    if (lang !== 'de' && lang !== 'en') {
      var i18n = JSON.parse(localStorage.getItem('raumregler-i18n-config') || '{}') || {};
      lang = i18n.code;
    }
    if (lang === 'de' || lang === 'en') root.lang = lang;
  } catch {
    // Storage blocked or unreadable: keep the defaults written in index.html.
  }
})();
