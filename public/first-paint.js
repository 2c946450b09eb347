// Runs in <head> before the first paint (a file of its own: the page's CSP allows no inline script).
// The built index.html carries the first screen of the default scenario in each language, rendered at
// build time; this picks the reader's language (as the app's detectLocale does: the browser's first
// language) and, when the app will open another scenario (a link in the address, or the scenario kept
// from the last visit), marks those numbers pending, so they never show as if they were the reader's.
// src/main.tsx clears the marks once the app has drawn the scenario it opens.
(() => {
  const html = document.documentElement;
  const first = String((navigator.languages && navigator.languages[0]) || '').toLowerCase();
  const locale = first.startsWith('zh') ? 'zh-CN' : 'en';
  html.setAttribute('data-locale', locale);
  html.lang = locale;
  let pending = location.hash.length > 1;
  try {
    if (window.localStorage.getItem('gpu-tco:resume:v1') !== null) pending = true;
  } catch {
    // Storage disabled: nothing resumes.
  }
  if (pending) html.setAttribute('data-prerender', 'pending');

  // The built page names the app's script in <meta name="gpu-tco:app"> (scripts/prerender-plugin.ts):
  // it is fetched once the first frame, with the prerendered answer, is drawn (a hidden tab draws no
  // frames: then after a second). The development server loads the app itself (no such meta).
  let started = false;
  const start = () => {
    const entry = document.querySelector('meta[name="gpu-tco:app"]');
    if (started || !entry) return;
    started = true;
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.getAttribute('content');
    document.head.append(script);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);
})();
