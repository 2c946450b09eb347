// @vitest-environment jsdom
import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { SectionNav } from '../../../src/features/layout';
import { renderWithStore } from '../../render-with-store';

/** The section bar, and the assumptions section with its search box once the sections are drawn. */
let drawSections: () => void = () => {};
function Page() {
  const [ready, setReady] = useState(false);
  drawSections = () => setReady(true);
  return (
    <>
      <SectionNav ready={ready} />
      {ready ? (
        <section id="assumptions">
          <input type="search" data-testid="assumption-search" aria-label="Find an assumption" />
        </section>
      ) : null}
    </>
  );
}

describe('SectionNav', () => {
  it('carries out a click that came before the sections were drawn once they are: scrolled to, search focused', async () => {
    Element.prototype.scrollIntoView ??= () => {};
    const user = userEvent.setup();
    renderWithStore(<Page />);
    await user.click(screen.getByRole('link', { name: 'Assumptions' }));
    expect(screen.queryByTestId('assumption-search')).toBeNull();
    await act(async () => {
      drawSections();
    });
    expect(screen.getByTestId('assumption-search')).toHaveFocus();
  });
});
