import { type ReactNode, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppStore } from '../../state/store-context';
import { isMarkedModified } from '../../view-model/scenario-name';
import { useScenarioTitle } from './use-scenario-title';

/** A name is one line: line breaks typed or pasted become spaces. */
function oneLine(text: string): string {
  return text.replace(/[\r\n]+/g, ' ');
}

/**
 * The scenario's name, editable in the header. Each keystroke is a validated commit through the door;
 * the keystrokes typed in one visit to the field are one undo step. A preset's (English) name shows in
 * the language of the page until it is edited.
 *
 * A text area of one line rather than an input, so that the whole name can show (issue 21): on a wide
 * screen it stays on one line, fading out where it is cut, with the whole name on hover (its title) and
 * while editing; on a phone, where the line is short, it wraps. A "Modified" badge repeats the mark an
 * import, the self-assessment or a preset adds at the end of the name, which a cut line would hide.
 */
export function ScenarioNameField(): ReactNode {
  const { t } = useTranslation('finance');
  const commitScenario = useAppStore((s) => s.commitScenario);
  const endGroup = useAppStore((s) => s.endGroup);
  const title = useScenarioTitle();
  const id = useId();
  const modified = isMarkedModified(title);
  const field = useRef<HTMLTextAreaElement>(null);
  const [cut, setCut] = useState(false);
  // Whether the one-line field hides part of the name (the fade and the hover title say so).
  // biome-ignore lint/correctness/useExhaustiveDependencies: re-measured when the name changes
  useLayoutEffect(() => {
    const el = field.current;
    if (el) setCut(el.scrollWidth > el.clientWidth + 1);
  }, [title]);
  return (
    <div className="scenario-name-field">
      <label htmlFor={id}>{t('name.label')}</label>
      <textarea
        ref={field}
        id={id}
        rows={1}
        data-testid="scenario-name"
        value={title}
        // The whole name on hover, however narrow the field.
        title={title}
        maxLength={200}
        spellCheck={false}
        data-overflow={cut ? 'end' : undefined}
        aria-describedby={`${id}-hint`}
        onChange={(e) => {
          const name = oneLine(e.target.value);
          commitScenario((s) => ({ ...s, name }), { source: 'field', group: 'scenario-name' });
        }}
        onKeyDown={(e) => {
          // Enter ends the name, as in a one-line field.
          if (e.key === 'Enter') {
            e.preventDefault();
            e.currentTarget.blur();
          }
        }}
        onBlur={endGroup}
      />
      {/* The mark at the end of a long name is cut off in the field: said again where it is seen. */}
      {modified ? (
        <span className="badge badge--muted" data-testid="name-modified" title={t('name.modifiedTitle')}>
          {t('name.modified')}
        </span>
      ) : null}
      <span id={`${id}-hint`} className="visually-hidden">
        {t('name.hint')}
      </span>
    </div>
  );
}
