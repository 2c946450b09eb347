import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withIsolatedName } from '../../src/components/isolated-name';

describe('withIsolatedName', () => {
  it('puts the name in <bdi> and keeps the message’s text as it reads without it', () => {
    const name = '\u202Eexe.fdp';
    const { container } = render(<p>{withIsolatedName((n) => `Saved as “${n}”.`, name)}</p>);
    expect(container.textContent).toBe(`Saved as “${name}”.`);
    expect(container.querySelector('bdi')?.textContent).toBe(name);
  });

  it('returns a message without the name as it is', () => {
    const { container } = render(<p>{withIsolatedName(() => 'Nothing named', 'x')}</p>);
    expect(container.textContent).toBe('Nothing named');
    expect(container.querySelector('bdi')).toBeNull();
  });
});
