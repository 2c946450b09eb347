import type { ReactNode } from 'react';

/** Stands in for the name while the message is translated; no translation or name contains it. */
const MARK = '\u0000name\u0000';

/**
 * A translated message with the user's name in it, the name isolated in <bdi> (issue 42): bidi
 * controls in a name ("\u202Eexe.fdp") then act only inside it, never on the message around it. The
 * text is the same as the plain message's, so it reads and announces as before.
 *
 * `message` translates with the name it is given, e.g. `(name) => t('actions.saved', { name })`.
 */
export function withIsolatedName(message: (name: string) => string, name: string): ReactNode {
  // The app's messages name the scenario once; a second mention would be plain text.
  const [before = '', ...after] = message(MARK).split(MARK);
  if (after.length === 0) return before;
  return (
    <>
      {before}
      <bdi>{name}</bdi>
      {after.join(name)}
    </>
  );
}
