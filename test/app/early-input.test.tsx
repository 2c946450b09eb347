// @vitest-environment jsdom

import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { holdEarlyInput } from '../../src/app/early-input';

/**
 * Issue 44: input on the prerendered screen before the app takes it over. public/first-paint.js
 * (run here as the page runs it) records it; src/app/early-input.ts plays it back through React's
 * own handlers once the hydrated tree answers. The controls stand for the header's: a controlled
 * select (the preset), a text field (the scenario name), a range (a slider) and a button.
 */
// jsdom's URL is not Node's: the path is made from the module's file URL as text.
const firstPaint = readFileSync(
  fileURLToPath(`${import.meta.url.replace(/\/[^/]*$/, '')}/../../public/first-paint.js`),
  'utf8',
);

interface Seen {
  preset: string;
  name: string;
  load: string;
  presses: number;
}

function Controls({ onChange }: { onChange: (seen: Seen) => void }) {
  const [seen, setSeen] = useState<Seen>({ preset: 'seed', name: 'Seed', load: '30', presses: 0 });
  const update = (patch: Partial<Seen>) => {
    const next = { ...seen, ...patch };
    setSeen(next);
    onChange(next);
  };
  return (
    <form aria-label="controls">
      <label htmlFor="preset">Preset</label>
      <select id="preset" value={seen.preset} onChange={(e) => update({ preset: e.target.value })}>
        <option value="seed">Seed</option>
        <option value="lab">Lab</option>
      </select>
      <label htmlFor="name">Name</label>
      <input id="name" type="text" value={seen.name} onChange={(e) => update({ name: e.target.value })} />
      <label htmlFor="load">Load</label>
      <input
        id="load"
        type="range"
        min="0"
        max="100"
        value={seen.load}
        onChange={(e) => update({ load: e.target.value })}
      />
      <button type="button" onClick={() => update({ presses: seen.presses + 1 })}>
        Press
      </button>
    </form>
  );
}

let root: Root | null = null;

function prerender(): HTMLElement {
  document.documentElement.removeAttribute('data-early-input');
  document.body.innerHTML = `<div id="root" data-prerender-locale="en">${renderToString(
    <Controls onChange={() => {}} />,
  )}</div>`;
  // The page's own head script, as the browser runs it before the first paint.
  new Function(firstPaint)();
  return document.getElementById('root') as HTMLElement;
}

afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

describe('input before the app takes the prerendered page over', () => {
  it('a preset chosen, a name typed, a slider moved and a button pressed early are all applied, in order, once the app answers', async () => {
    const container = prerender();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Preset'), 'lab');
    await user.clear(screen.getByLabelText('Name'));
    await user.type(screen.getByLabelText('Name'), 'Q3 plan');
    // A drag: jsdom moves no range thumb from the keyboard, so the values come as a drag sends them.
    fireEvent.input(screen.getByLabelText('Load'), { target: { value: '31' } });
    fireEvent.input(screen.getByLabelText('Load'), { target: { value: '32' } });
    await user.click(screen.getByRole('button', { name: 'Press' }));
    expect(document.documentElement.dataset.earlyInput, 'the page shows it is busy with it').toBe('pending');

    const seen: Seen[] = [];
    const early = holdEarlyInput();
    await act(async () => {
      root = hydrateRoot(container, <Controls onChange={(s) => seen.push(s)} />);
    });
    expect(seen, 'nothing is applied before the app answers').toEqual([]);
    act(() => early.replay());

    expect(seen.at(-1)).toEqual({ preset: 'lab', name: 'Q3 plan', load: '32', presses: 1 });
    // One change per control: a typed name or a dragged slider plays back as its last value.
    expect(seen.map((s) => s.presses)).toEqual([0, 0, 0, 1]);
    expect(screen.getByLabelText('Preset')).toHaveValue('lab');
    expect(screen.getByLabelText('Name')).toHaveValue('Q3 plan');
    expect(document.documentElement.dataset.earlyInput).toBeUndefined();
  });

  it('a field changed again after the app started hearing input keeps that later value', async () => {
    const container = prerender();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Preset'), 'lab');
    const seen: Seen[] = [];
    const early = holdEarlyInput();
    await act(async () => {
      root = hydrateRoot(container, <Controls onChange={(s) => seen.push(s)} />);
    });
    await user.selectOptions(screen.getByLabelText('Preset'), 'seed');
    act(() => early.replay());
    expect(seen.map((s) => s.preset)).toEqual(['seed']);
    expect(screen.getByLabelText('Preset')).toHaveValue('seed');
  });

  it('nothing is recorded after the app took the list, and a second playback plays nothing', async () => {
    const container = prerender();
    const user = userEvent.setup();
    const early = holdEarlyInput();
    const seen: Seen[] = [];
    await act(async () => {
      root = hydrateRoot(container, <Controls onChange={(s) => seen.push(s)} />);
    });
    await user.click(screen.getByRole('button', { name: 'Press' }));
    act(() => early.replay());
    act(() => early.replay());
    expect(seen.map((s) => s.presses)).toEqual([1]);
  });
});
