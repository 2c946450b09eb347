/**
 * Input made on the prerendered page before the app took it over (issue 44): public/first-paint.js
 * writes down, from the first paint, each value a control of the prerendered screen takes and each
 * button pressed there. The prerendered controls look ready about a second before the app answers
 * them; without this a preset chosen in that second was silently lost.
 */
interface EarlyInput {
  control: HTMLElement;
  /** The field's value at that moment; null for a button press. */
  value: string | null;
}

declare global {
  interface Window {
    /** Set by public/first-paint.js (the built page only): stops recording, returns what it recorded. */
    gpuTcoTakeEarlyInput?: () => EarlyInput[];
  }
}

/** The last of each run of records of one control: a slider dragged or a name typed is one change. */
function collapse(records: readonly EarlyInput[]): EarlyInput[] {
  const out: EarlyInput[] = [];
  for (const record of records) {
    const last = out[out.length - 1];
    if (last && last.control === record.control && record.value !== null) out[out.length - 1] = record;
    else out.push(record);
  }
  return out;
}

/**
 * Gives `value` to a field so that React's onChange runs: React compares the element's value with the
 * last one it saw (kept by a setter it puts on the element itself), so that one is told something
 * else first, and the value is then set past it, with the prototype's own setter.
 */
function replayValue(control: HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement, value: string) {
  if (control instanceof HTMLSelectElement) {
    control.value = value;
    control.dispatchEvent(new Event('change', { bubbles: true }));
    return;
  }
  const proto =
    control instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  const setOwn = Object.getOwnPropertyDescriptor(proto, 'value')?.set;
  control.value = `${value}\u0000`;
  if (setOwn) setOwn.call(control, value);
  else control.value = value;
  control.dispatchEvent(new Event('input', { bubbles: true }));
}

/**
 * Takes what the prerendered page recorded, just before the app takes the page over (recording
 * stops: the app hears input itself from then on). `replay()`, once the app answers input, plays it
 * back in order through the app's own handlers (so every change goes through the store's door like a
 * person's), skipping controls the app has since replaced, and a field changed again meanwhile (the
 * later change, heard by the app, is the one that counts).
 */
export function holdEarlyInput(doc: Document = document): { replay: () => void } {
  const records = window.gpuTcoTakeEarlyInput?.() ?? [];
  const changedSince = new Set<EventTarget>();
  const heard = (event: Event) => {
    if (event.target) changedSince.add(event.target);
  };
  if (records.length > 0) {
    doc.addEventListener('input', heard, true);
    doc.addEventListener('change', heard, true);
  }
  let pending = records;
  return {
    replay() {
      const due = collapse(pending);
      pending = [];
      doc.removeEventListener('input', heard, true);
      doc.removeEventListener('change', heard, true);
      for (const { control, value } of due) {
        if (!control.isConnected) continue;
        if (value === null) {
          if (control instanceof HTMLButtonElement && !control.disabled) control.click();
        } else if (
          !changedSince.has(control) &&
          (control instanceof HTMLInputElement ||
            control instanceof HTMLTextAreaElement ||
            control instanceof HTMLSelectElement)
        ) {
          replayValue(control, value);
        }
      }
      delete doc.documentElement.dataset.earlyInput;
    },
  };
}
