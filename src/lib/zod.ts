import { z } from 'zod';

/**
 * The app's zod. Every module imports `z` from here, never from 'zod' directly, so this line runs
 * before any schema is created: zod's object schemas otherwise probe `new Function` when they are
 * built (to compile a faster parser), which a strict Content-Security-Policy reports as a violation
 * on every load (issue 12). Interpreted parsing is fast enough for our payloads.
 */
z.config({ jitless: true });

export { z };
