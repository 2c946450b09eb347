import { renderToString } from 'react-dom/server';
import { prerender } from 'react-dom/static';
import { loadLanguage } from '../i18n/app-i18n';
import type { Locale } from '../lib/format';
import { createAppStore } from '../state/store';
import { AppRoot } from './app-root';

/**
 * The first screen of the default scenario in one language, as HTML, for the build to put into
 * index.html (scripts/prerender-plugin.ts). The store starts exactly as src/main.tsx starts it when
 * there is no link and nothing to resume, so the browser's first render is this markup and hydrates
 * it without a change. Lazy sections render their placeholders here as they do in the browser.
 */
export async function renderFirstScreen(locale: Locale): Promise<string> {
  await loadLanguage(locale);
  // A first pass waits for the lazily loaded parts of the first screen (the crossover chart); once
  // loaded they render at once, so the second pass is plain HTML. (A streamed boundary would need an
  // inline script to put its content in place, which the page's CSP forbids.)
  const warm = await prerender(<AppRoot store={createAppStore({ locale, presetId: 'seedTeam' })} />);
  await new Response(warm.prelude).text();
  const html = renderToString(<AppRoot store={createAppStore({ locale, presetId: 'seedTeam' })} />);
  if (html.includes('<script')) throw new Error('prerender: the first screen needs a script to show');
  return html;
}
