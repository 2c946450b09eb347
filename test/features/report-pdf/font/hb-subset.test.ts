import { cmapCodePoints } from '../../../../src/features/report-pdf/font/cmap';
import { createFontSubsetter } from '../../../../src/features/report-pdf/font/hb-subset';
import { fontBytes, subsetterWasm } from './bundled-font';

const codePoints = (text: string) => [...text].map((c) => c.codePointAt(0) ?? 0);

describe('HarfBuzz subsetter (the wasm the build ships)', () => {
  it('cuts the 10 MB font down to exactly the requested characters, user-typed CJK included', async () => {
    const source = fontBytes('regular');
    const subsetter = await createFontSubsetter(subsetterWasm());
    const face = subsetter.addFont(source);
    const text = '李伟（财务部） 稿 阅 鹏 昇 Budget 2027';
    const subset = subsetter.subset(face, codePoints(text));
    expect([...cmapCodePoints(subset)].sort((a, b) => a - b)).toEqual(
      [...new Set(codePoints(text))].sort((a, b) => a - b),
    );
    expect(subset.byteLength).toBeLessThan(source.byteLength / 50);
  });

  it('subsets the same face again for a second export, and skips what the font lacks', async () => {
    const subsetter = await createFontSubsetter(subsetterWasm());
    const face = subsetter.addFont(fontBytes('bold'));
    expect(cmapCodePoints(subsetter.subset(face, codePoints('鹏'))).has(0x9e4f)).toBe(true);
    const second = cmapCodePoints(subsetter.subset(face, codePoints('昇𠮷')));
    expect([...second]).toEqual([0x6607]);
  });
});
