import { NAMESPACES, resources } from '../src/i18n';

type Tree = { [key: string]: string | Tree };

function values(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : values(v, `${prefix}${k}.`),
  );
}

describe('Chinese addresses the reader politely', () => {
  it('uses 您, never 你, in every Chinese string', () => {
    const informal = NAMESPACES.flatMap((ns) =>
      values(resources['zh-CN'][ns] as Tree, `${ns}:`).filter(([, v]) => v.includes('你')),
    ).map(([key]) => key);
    expect(informal).toEqual([]);
  });
});
