import { render, screen } from '@testing-library/react';
import { lazy, Suspense } from 'react';
import { describe, expect, it } from 'vitest';
import { orNewVersionReady } from '../../../src/features/offline';
import { StoreProvider } from '../../../src/state/store-context';
import { englishWords } from '../../english-words';
import { makeStore } from '../../render-with-store';

/** Issue 42 item 4: a part whose files cannot be fetched offers the reload instead of failing. */

function renderPart(load: () => Promise<{ default: () => React.ReactNode }>, locale: 'en' | 'zh-CN' = 'en') {
  const Part = lazy(orNewVersionReady(load));
  render(
    <StoreProvider store={makeStore({ locale })}>
      <Suspense fallback={<p>Loading</p>}>
        <Part />
      </Suspense>
    </StoreProvider>,
  );
}

describe('a part loaded on demand', () => {
  it('draws itself when its files load', async () => {
    renderPart(() => Promise.resolve({ default: () => <p>The part</p> }));
    expect(await screen.findByText('The part')).toBeInTheDocument();
  });

  it('says a new version is ready, with Reload, when its files cannot be fetched', async () => {
    renderPart(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module')));
    const notice = await screen.findByTestId('part-not-loaded');
    expect(notice).toHaveTextContent('A new version is ready');
    expect(screen.getByRole('button', { name: 'Reload' })).toBeInTheDocument();
  });

  it('says so in Chinese', async () => {
    renderPart(() => Promise.reject(new TypeError('404')), 'zh-CN');
    const notice = await screen.findByTestId('part-not-loaded');
    expect(notice).toHaveTextContent('新版本已就绪');
    expect(englishWords(notice.textContent ?? '')).toEqual([]);
  });
});
