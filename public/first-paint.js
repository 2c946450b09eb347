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
  // This tab's own kept scenario (a reload) or the one kept for new tabs (src/main.tsx resumeRead).
  const kept = (area) => {
    try {
      return window[area].getItem('gpu-tco:resume:v1') !== null;
    } catch {
      // Storage disabled: nothing resumes.
      return false;
    }
  };
  if (kept('sessionStorage') || kept('localStorage')) pending = true;
  if (pending) html.setAttribute('data-prerender', 'pending');

  // The built page names the app's script in <meta name="gpu-tco:app"> (scripts/prerender-plugin.ts):
  // it is fetched once the first frame, with the prerendered answer, is drawn (a hidden tab draws no
  // frames: then after a second). The development server loads the app itself (no such meta). With
  // it, the modules it imports and the reader's language's strings, which the page names too, are
  // preloaded at once: the browser would otherwise find each level of imports only after the one
  // above it had arrived, and the strings only once all of them had run.
  let started = false;
  const preload = (name) => {
    const meta = document.querySelector(`meta[name="${name}"]`);
    for (const href of String((meta && meta.getAttribute('content')) || '').split(' ')) {
      if (!href) continue;
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.crossOrigin = '';
      link.href = href;
      document.head.append(link);
    }
  };
  const start = () => {
    const entry = document.querySelector('meta[name="gpu-tco:app"]');
    if (started || !entry) return;
    started = true;
    preload(`gpu-tco:strings-${locale}`);
    preload('gpu-tco:app-imports');
    const script = document.createElement('script');
    script.type = 'module';
    script.crossOrigin = '';
    script.src = entry.getAttribute('content');
    document.head.append(script);
  };
  requestAnimationFrame(() => setTimeout(start, 0));
  setTimeout(start, 1000);

  // Input before the app takes the page over (issue 44). The prerendered controls look ready a second
  // or more before the app answers them; a preset chosen then was lost. Every value a control of the
  // prerendered screen takes and every button pressed there is written down, in order, with the value
  // at that moment; src/app/early-input.ts takes the list just before the app takes the page over
  // (recording stops then: from there on the app hears input itself) and plays it back through the
  // app's own handlers once it answers. Until then the pointer shows the page is still busy.
  const early = [];
  const record = (event) => {
    const target = event.target;
    if (!(target instanceof Element) || !target.closest('[data-prerender-locale]')) return;
    const control = target.closest('input, select, textarea, button');
    if (!control || control.type === 'checkbox' || control.type === 'radio') return;
    const pressed = control.tagName === 'BUTTON';
    // A button counts by its click; a menu by its change; a text field or a slider by each input
    // (its change on leaving it repeats the last one; a click on a field changes nothing).
    const counts = pressed ? 'click' : control.tagName === 'SELECT' ? 'change' : 'input';
    if (event.type !== counts) return;
    early.push({ control, value: pressed ? null : control.value });
    html.setAttribute('data-early-input', 'pending');
  };
  const kinds = ['input', 'change', 'click'];
  for (const kind of kinds) document.addEventListener(kind, record, true);
  window.gpuTcoTakeEarlyInput = () => {
    for (const kind of kinds) document.removeEventListener(kind, record, true);
    return early.splice(0);
  };
})();
