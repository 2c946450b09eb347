import { memo, type ReactNode, useCallback, useId, useLayoutEffect, useRef } from 'react';
import { Term } from '../../components/term';
import type { GlossaryTermId } from '../../view-model/glossary';
import { rangeKeyHandler, type SliderInput } from './range-keys';

export interface RangeSliderProps {
  label: string;
  /** The glossary word the label names: its "?" sits beside the label (outside it, so the name stays). */
  term?: GlossaryTermId;
  min: number;
  max: number;
  step: number;
  bigStep: number;
  value: number;
  /** Visible current value next to the label. */
  display: string;
  valueText: string;
  help: string;
  /** A new value, and whether a key press or the pointer made it (they group into undo steps apart). */
  onValue: (value: number, via: SliderInput) => void;
  /**
   * The end of one gesture (pointer released, focus left): the changes since its start are one undo
   * step. Key presses end their step by a pause instead (range-keys `sliderGroup`).
   */
  onGestureEnd?: () => void;
  /** Extra controls next to the slider (e.g. a linked number field). */
  aside?: ReactNode;
  /** The winner strip under the slider. */
  children?: ReactNode;
}

/**
 * A native range input (role slider, keyboard operable) with its label, value, help and strip.
 *
 * The head, the input and the help are memoised parts with plain props and stable callbacks: a step
 * of another slider (which redraws every slider's parent) leaves this slider's elements untouched, so
 * React neither re-renders nor re-applies them (a controlled input's attributes are written again on
 * every update otherwise).
 */
export function RangeSlider(props: RangeSliderProps) {
  const { label, min, max, step, bigStep, value, display, valueText, help, aside, children, term } = props;
  const id = useId();
  const latest = useRef(props);
  useLayoutEffect(() => {
    latest.current = props;
  });
  const onValue = useCallback((next: number, via: SliderInput) => latest.current.onValue(next, via), []);
  const onGestureEnd = useCallback(() => latest.current.onGestureEnd?.(), []);
  return (
    <div className="slider">
      <SliderHead id={id} label={label} term={term} display={display} />
      <div className="slider__row">
        <SliderControl
          id={id}
          min={min}
          max={max}
          step={step}
          bigStep={bigStep}
          value={value}
          valueText={valueText}
          onValue={onValue}
          onGestureEnd={onGestureEnd}
        />
        {aside}
      </div>
      <SliderHelp id={id} help={help} />
      {children}
    </div>
  );
}

const SliderHead = memo(function SliderHead({
  id,
  label,
  term,
  display,
}: {
  id: string;
  label: string;
  term: GlossaryTermId | undefined;
  display: string;
}) {
  return (
    <div className="slider__head">
      <span className="slider__name">
        <label htmlFor={id} className="slider__label">
          {label}
        </label>
        {term ? <Term id={term} bare /> : null}
      </span>
      <output htmlFor={id} className="slider__value">
        {display}
      </output>
    </div>
  );
});

const SliderControl = memo(function SliderControl({
  id,
  min,
  max,
  step,
  bigStep,
  value,
  valueText,
  onValue,
  onGestureEnd,
}: {
  id: string;
  min: number;
  max: number;
  step: number;
  bigStep: number;
  value: number;
  valueText: string;
  onValue: (value: number, via: SliderInput) => void;
  onGestureEnd: () => void;
}) {
  return (
    <input
      id={id}
      type="range"
      min={min}
      max={max}
      step={step}
      value={value}
      aria-valuetext={valueText}
      aria-describedby={`${id}-help`}
      onChange={(e) => onValue(Number(e.target.value), 'pointer')}
      onKeyDown={rangeKeyHandler(value, { min, max, step, bigStep }, onValue)}
      onPointerUp={onGestureEnd}
      onPointerCancel={onGestureEnd}
      onBlur={onGestureEnd}
    />
  );
});

const SliderHelp = memo(function SliderHelp({ id, help }: { id: string; help: string }) {
  return (
    <p id={`${id}-help`} className="slider__help">
      {help}
    </p>
  );
});
