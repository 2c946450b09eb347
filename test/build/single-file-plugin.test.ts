import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { inlineScriptText, singleFileCsp } from '../../build/single-file-plugin';

describe('inlineScriptText', () => {
  it('leaves no "</script" or "<!--" that would end or confuse the inline <script> element', () => {
    const code = 'const a = "</script><!-- x"; const b = `</SCRIPT>`;';
    const text = inlineScriptText(code);
    expect(text).not.toMatch(/<\/script|<!--/i);
  });

  it('keeps the meaning of string literals holding those sequences', () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom('</script', '</SCRIPT>', '<!--', 'a', '"', '\\', ' ', '<', '/')),
        (parts) => {
          const value = parts.join('');
          const code = `result = ${JSON.stringify(value)};`;
          const sandbox: { result?: string } = {};
          runInNewContext(inlineScriptText(code), sandbox);
          expect(sandbox.result).toBe(value);
        },
      ),
    );
  });
});

describe('singleFileCsp', () => {
  const hash = `sha256-${createHash('sha256').update('x').digest('base64')}`;
  const csp = singleFileCsp([hash]);
  const directive = (name: string) =>
    csp
      .split(';')
      .map((d) => d.trim())
      .find((d) => d.startsWith(`${name} `));

  it('allows the one script by its hash and WebAssembly, and nothing by origin or inline', () => {
    expect(directive('script-src')).toBe(`script-src '${hash}' 'wasm-unsafe-eval'`);
    expect(csp).not.toMatch(/'unsafe-eval'|'self'|\*/);
    expect(directive('default-src')).toBe("default-src 'none'");
  });

  it('lists every inline script by its hash', () => {
    const other = `sha256-${createHash('sha256').update('y').digest('base64')}`;
    expect(singleFileCsp([hash, other])).toContain(`script-src '${hash}' '${other}' 'wasm-unsafe-eval'`);
  });

  it('runs workers from blob: URLs only and fetches nothing (no connect-src: default none)', () => {
    expect(directive('worker-src')).toBe('worker-src blob:');
    expect(directive('connect-src')).toBeUndefined();
  });
});
