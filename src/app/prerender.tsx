import { prerender } from 'react-dom/static';
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
  const store = createAppStore({ locale, presetId: 'seedTeam' });
  const { prelude } = await prerender(<AppRoot store={store} />);
  return new Response(prelude).text();
}
