import { existsSync } from 'node:fs';
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

/**
 * The relative links of a markdown file (in folder `dir`) that do not land on a file or folder inside
 * the repository at `root`. Links to a heading of the same file (`#…`) and to other sites are skipped.
 */
export function brokenLinks(markdown: string, dir: string, root: string): string[] {
  return linkTargets(markdown)
    .filter((target) => !isExternal(target) && !target.startsWith('#'))
    .filter((target) => {
      const path = decodeURI(target.split('#')[0] ?? '');
      const absolute = resolve(dir, path);
      const inside = !relative(root, absolute).startsWith('..');
      return !inside || !existsSync(absolute);
    });
}
