// @vitest-environment jsdom
import { render, screen, within } from '@testing-library/react';
import { ChartFigure, type LegendItem, sameLegend } from '../../src/components/chart-figure';

const rent: LegendItem = { key: 'rent', label: 'Rent', color: '#123456', shape: 'line' };
const own: LegendItem = { key: 'own', label: 'Own', color: '#654321', shape: 'line', dash: '4 2' };

function figure(legend: LegendItem[]) {
  return (
    <ChartFigure
      id="test"
      title="Title"
      summary="Summary"
      legendLabel="Legend"
      legend={legend}
      notes={[]}
      height={100}
      plot={null}
    />
  );
}

describe('sameLegend', () => {
  it('holds for equal items in new objects', () => {
    expect(sameLegend([rent, own], [{ ...rent }, { ...own }])).toBe(true);
  });

  it('tells apart a changed field, a changed order and a changed length', () => {
    expect(sameLegend([rent, own], [rent, { ...own, muted: true }])).toBe(false);
    expect(sameLegend([rent, own], [rent, { ...own, reserved: true }])).toBe(false);
    expect(sameLegend([rent, own], [rent, { ...own, label: 'Own (new)' }])).toBe(false);
    expect(sameLegend([rent, own], [own, rent])).toBe(false);
    expect(sameLegend([rent, own], [rent])).toBe(false);
  });
});

describe('ChartFigure legend', () => {
  it('draws a changed legend again and keeps an equal one', () => {
    const { rerender } = render(figure([rent, own]));
    const list = screen.getByRole('list', { name: 'Legend' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Rent', 'Own']);
    const first = within(list).getByText('Own');
    rerender(figure([{ ...rent }, { ...own }]));
    // Equal by value: the same element stays.
    expect(within(list).getByText('Own')).toBe(first);
    rerender(figure([rent, { ...own, label: 'Own (muted)', muted: true }]));
    expect(within(list).getByText('Own (muted)')).toHaveStyle({ textDecoration: 'line-through' });
  });
});
