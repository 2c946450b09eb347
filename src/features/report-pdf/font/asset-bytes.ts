/**
 * The bytes of a binary asset the PDF needs (a font, the subsetter's WebAssembly), by the address its
 * `?url` import gave. The hosted build gives a file's URL, fetched from the same origin. The one-file
 * build (build/single-file-plugin.ts) gives `#<element id>` instead: the bytes sit in the page itself
 * as base64 in a data block (`<script type="application/octet-stream">`, never executed or parsed as
 * script), read only on export, so the ≈30 MB of fonts cost the first screen nothing but download.
 */
export async function assetBytes(address: string): Promise<ArrayBuffer> {
  if (address.startsWith('#')) return inlineBytes(address.slice(1));
  const response = await fetch(address);
  if (!response.ok) throw new Error(`${address}: HTTP ${response.status}`);
  return response.arrayBuffer();
}

async function inlineBytes(id: string): Promise<ArrayBuffer> {
  if (document.readyState === 'loading')
    await new Promise((resolve) => document.addEventListener('DOMContentLoaded', resolve, { once: true }));
  const text = document.getElementById(id)?.textContent;
  if (!text) throw new Error(`${id}: not in the page`);
  const binary = atob(text);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes.buffer;
}
