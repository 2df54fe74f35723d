// A blocking script in <head>, so it runs before the first paint: it shows the theme serve mode
// wrote into html[data-theme-choice] (the corpus's setting), else the system's, so a dark corpus
// never flashes a light page while the app loads. window-theme.ts takes over from here.
(function () {
  var root = document.documentElement;
  var choice = root.getAttribute('data-theme-choice');
  var dark = choice === 'dark' || (choice !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
  root.setAttribute('data-theme', dark ? 'dark' : 'light');
})();
