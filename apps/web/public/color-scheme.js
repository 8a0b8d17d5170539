/* global window, document */
// Applies the colour scheme chosen in this browser (or the system's) before the app's first paint, so a
// dark screen never flashes light. The same key and values as Mantine's localStorage colour scheme
// manager (providers.tsx); a file rather than inline code, as the Content-Security-Policy allows only
// the app's own scripts.
(function () {
  try {
    var stored = window.localStorage.getItem('mantine-color-scheme-value');
    var dark =
      stored === 'dark' || (stored !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.setAttribute('data-mantine-color-scheme', dark ? 'dark' : 'light');
  } catch {
    document.documentElement.setAttribute('data-mantine-color-scheme', 'light');
  }
})();
