import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MethodologyPanel } from '../../../src/features/dashboard/methodology-panel';
import { createI18n } from '../../../src/i18n';
import { GLOSSARY_TERMS, glossaryEntries } from '../../../src/view-model/glossary';
import { renderWithStore } from '../../render-with-store';

describe('the glossary in one place on the page (Method)', () => {
  for (const locale of ['en', 'zh-CN'] as const)
    it(`lists every term with its explanation (${locale})`, () => {
      renderWithStore(<MethodologyPanel />, { locale });
      const list = screen.getByTestId('glossary');
      const entries = glossaryEntries(createI18n(locale).t);
      expect(list.querySelectorAll('[data-term]')).toHaveLength(GLOSSARY_TERMS.length);
      for (const e of entries) {
        const item = list.querySelector(`[data-term="${e.id}"]`) as HTMLElement;
        expect(within(item).getByText(e.term)).toBeInTheDocument();
        expect(within(item).getByText(e.explanation)).toBeInTheDocument();
      }
    });
});
