import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '../../src/components/data-table';
import { Panel } from '../../src/components/panel';
import { ScrollRegion } from '../../src/components/scroll-region';
import { Section } from '../../src/components/section';

describe('the page shells keep the markup assistive technology and the scroll cues rely on', () => {
  it('a wide table scrolls in a focusable region named by its caption, with the class the scroll cues find', () => {
    render(
      <ScrollRegion labelledBy="cap">
        <DataTable
          className="t"
          testId="tbl"
          caption="Cash by year"
          captionId="cap"
          headers={['Strategy', 'Year 1', 'Total']}
          numericFrom={1}
        >
          <tbody>
            <tr>
              <th scope="row">Rent</th>
              <td>1</td>
              <td>2</td>
            </tr>
          </tbody>
        </DataTable>
      </ScrollRegion>,
    );
    const region = screen.getByRole('region', { name: 'Cash by year' });
    expect(region).toHaveAttribute('tabindex', '0');
    expect(region).toHaveClass('table-scroll');
    const table = within(region).getByRole('table', { name: 'Cash by year' });
    expect(table).toHaveAttribute('data-testid', 'tbl');
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Strategy', 'Year 1', 'Total']);
    expect(headers.map((h) => h.getAttribute('scope'))).toEqual(['col', 'col', 'col']);
    // Amount columns align with their figures; the name column does not.
    expect(headers.map((h) => h.className)).toEqual(['', 'num', 'num']);
  });

  it('a table named by a line above its scroll box has no caption of its own', () => {
    render(
      <>
        <p id="above">Budget plan</p>
        <ScrollRegion labelledBy="above" className="wizard-table-wrap">
          <DataTable className="t" labelledBy="above" headers={['Quarter']}>
            <tbody />
          </DataTable>
        </ScrollRegion>
      </>,
    );
    expect(screen.getByRole('region', { name: 'Budget plan' })).toHaveClass('wizard-table-wrap');
    const table = screen.getByRole('table', { name: 'Budget plan' });
    expect(table.querySelector('caption')).toBeNull();
  });

  it('a section is a region named by its h2; a panel titles itself with an h3 and shows a failure as an alert', () => {
    render(
      <Section headingId="h" title="Cash" id="cash" className="section below-block" testId="sec">
        <Panel className="card" title="Monte Carlo" busy head={<p>50 %</p>} error="The worker stopped">
          <p>content</p>
        </Panel>
      </Section>,
    );
    const section = screen.getByRole('region', { name: 'Cash' });
    expect(section).toHaveAttribute('id', 'cash');
    expect(section).toHaveAttribute('data-testid', 'sec');
    expect(within(section).getByRole('heading', { level: 2, name: 'Cash' })).toHaveClass('section__title');
    const title = within(section).getByRole('heading', { level: 3, name: 'Monte Carlo' });
    expect(title).toHaveClass('card__title');
    const panel = title.parentElement;
    expect(panel).toHaveAttribute('aria-busy', 'true');
    // Title, then what is read first, then the failure, then the content.
    expect([...(panel?.children ?? [])].map((c) => c.textContent)).toEqual([
      'Monte Carlo',
      '50 %',
      'The worker stopped',
      'content',
    ]);
    expect(screen.getByRole('alert')).toHaveTextContent('The worker stopped');
  });

  it('a panel with no failure shows no alert and no busy state unless asked', () => {
    render(
      <Panel className="card" title="Breakdown" titleId="t">
        <p>table</p>
      </Panel>,
    );
    expect(screen.queryByRole('alert')).toBeNull();
    const title = screen.getByRole('heading', { level: 3, name: 'Breakdown' });
    expect(title).toHaveAttribute('id', 't');
    expect(title.parentElement).not.toHaveAttribute('aria-busy');
  });
});
