import { afterEach, describe, expect, it, vi } from 'vitest';
import { assetBytes } from '../../../../src/features/report-pdf/font/asset-bytes';

// A .tsx file only to run in jsdom (the one-file build's data blocks are elements of the page).
afterEach(() => {
  document.body.innerHTML = '';
  vi.unstubAllGlobals();
});

describe('assetBytes', () => {
  it('reads "#<id>" from the base64 data block of that id in the page (the one-file build)', async () => {
    const bytes = Uint8Array.from({ length: 300 }, (_, i) => (i * 37) % 256);
    const block = document.createElement('script');
    block.type = 'application/octet-stream';
    block.id = 'inline-asset-0';
    block.textContent = Buffer.from(bytes).toString('base64');
    document.body.append(block);
    expect(new Uint8Array(await assetBytes('#inline-asset-0'))).toEqual(bytes);
  });

  it('fails with the id when the page has no such block', async () => {
    await expect(assetBytes('#inline-asset-9')).rejects.toThrow('inline-asset-9');
  });

  it('fetches any other address (the hosted build) and fails on an HTTP error', async () => {
    const fetch = vi.fn(async (url: string) =>
      url === './assets/a.wasm' ? new Response(new Uint8Array([1, 2, 3])) : new Response('', { status: 404 }),
    );
    vi.stubGlobal('fetch', fetch);
    expect(new Uint8Array(await assetBytes('./assets/a.wasm'))).toEqual(new Uint8Array([1, 2, 3]));
    await expect(assetBytes('./assets/missing.ttf')).rejects.toThrow('HTTP 404');
  });
});
