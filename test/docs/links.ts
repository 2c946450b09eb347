import { existsSync, readFileSync } from 'node:fs';
import { relative, resolve } from 'node:path';

/** Link targets of a markdown text: `[text](target)` and `![alt](target)`, without any "title". */
export function linkTargets(markdown: string): string[] {
  // Code spans and fenced blocks are text, not links.
  const prose = markdown.replace(/```[\s\S]*?```/g, '').replace(/`[^`\n]*`/g, '');
  const targets: string[] = [];
  for (const match of prose.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
    if (match[1] !== undefined) targets.push(match[1]);
  }
  return targets;
}

const isExternal = (target: string) => /^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//');

/** The anchors GitHub gives a markdown file's headings: lower case, punctuation dropped, spaces to
 * hyphens, a repeated heading numbered (`-1`, `-2`, …). Headings inside fenced blocks are not headings. */
export function headingAnchors(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  const prose = markdown.replace(/```[\s\S]*?```/g, '');
  for (const match of prose.matchAll(/^#{1,6} (.*)$/gm)) {
    const slug = (match[1] ?? '')
      .trim()
      .toLowerCase()
      .replace(/[^\p{L}\p{N}_\- ]/gu, '')
      .replace(/ /g, '-');
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/**
 * The relative links of a markdown file (in folder `dir`) that do not land on a file or folder inside
 * the repository at `root`, or that name a heading (`file.md#heading`, `#heading`) the markdown file
 * does not have. Links to other sites are skipped.
 */
export function brokenLinks(markdown: string, dir: string, root: string): string[] {
  return linkTargets(markdown)
    .filter((target) => !isExternal(target))
    .filter((target) => {
      const [pathPart = '', anchor] = target.split('#');
      if (pathPart === '') return anchor !== undefined && !headingAnchors(markdown).has(decodeURI(anchor));
      const absolute = resolve(dir, decodeURI(pathPart));
      const inside = !relative(root, absolute).startsWith('..');
      if (!inside || !existsSync(absolute)) return true;
      if (anchor === undefined || !absolute.endsWith('.md')) return false;
      return !headingAnchors(readFileSync(absolute, 'utf8')).has(decodeURI(anchor));
    });
}
