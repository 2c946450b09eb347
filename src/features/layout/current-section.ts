/** Where a section's top is on screen (px from the top of the viewport). */
export interface SectionTop<Id extends string> {
  id: Id;
  top: number;
}

/**
 * The section being read (the one the section bar marks): the last whose top has passed the reading
 * line just under the bar. At the bottom of the page the last sections can never reach that line
 * (Method is shorter than the screen), so there the last section whose top is on screen is the one
 * being read: jumping to "Method" marks Method, not the Assumptions above it. Null when no section is
 * laid out yet.
 */
export function currentSection<Id extends string>(
  tops: readonly SectionTop<Id>[],
  view: { lineY: number; viewportHeight: number; atBottom: boolean },
): Id | null {
  if (tops.length === 0) return null;
  if (view.atBottom) {
    const onScreen = tops.filter((s) => s.top < view.viewportHeight);
    const last = onScreen[onScreen.length - 1];
    if (last && last.top >= 0) return last.id;
  }
  let current: Id | null = null;
  for (const s of tops) if (s.top <= view.lineY) current = s.id;
  // Above the first section's top (the page's start): the first section.
  return current ?? tops[0]?.id ?? null;
}
