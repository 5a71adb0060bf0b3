// Applies the stored theme before the first paint, so a dark-theme user never sees a white flash.
// A file of its own rather than an inline script: the Content-Security-Policy allows no inline script.
(function () {
  var theme = 'system';
  try {
    theme = localStorage.getItem('color-theme') || 'system';
  } catch (blocked) {
    // Storage can be refused by privacy settings; the system theme applies then.
    console.warn('Parley: the stored theme could not be read', blocked);
  }
  var dark = theme === 'dark' || (theme === 'system' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  if (dark) document.documentElement.classList.add('dark');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
