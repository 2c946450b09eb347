import { type ReactNode, useId } from 'react';
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

/** A native range input (role slider, keyboard operable) with its label, value, help and strip. */
export function RangeSlider(props: RangeSliderProps) {
  const {
    label,
    min,
    max,
    step,
    bigStep,
    value,
    display,
    valueText,
    help,
    onValue,
    onGestureEnd,
    aside,
    children,
    term,
  } = props;
  const id = useId();
  return (
    <div className="slider">
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
      <div className="slider__row">
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
        {aside}
      </div>
      <p id={`${id}-help`} className="slider__help">
        {help}
      </p>
      {children}
    </div>
  );
}
