// Runs before the app to avoid a flash of the wrong theme. Dark is the default (docs/product.md §1).
(function () {
  try {
    var saved = localStorage.getItem('glint-theme');
    var dark = saved ? JSON.parse(saved).isDark !== false : true;
    document.documentElement.classList.toggle('dark', dark);
  } catch {
    document.documentElement.classList.add('dark');
  }
})();
