import { chromium } from '@playwright/test';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
for (const [lang, width, tag] of [['en', 1280, 'en'], ['zh-CN', 1280, 'zh'], ['en', 390, 'phone']]) {
  const page = await browser.newPage({ viewport: { width, height: 900 }, locale: lang });
  await page.goto('http://127.0.0.1:4199/');
  await page.getByTestId('kpi-monthly-platform').first().waitFor();
  if (lang !== 'en') {
    const sw = page.getByRole('button', { name: /中文|Chinese/ });
    if (await sw.count()) await sw.first().click();
  }
  await page.locator('select').filter({ has: page.locator('option[value="steadyLab"]') }).first().selectOption('steadyLab');
  await page.waitForTimeout(800);
  await page.evaluate(() => window.dispatchEvent(new Event('gpu-tco:render-all')));
  await page.waitForTimeout(2500);
  const lb = page.getByTestId('ladder-budget');
  await lb.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await lb.screenshot({ path: `/tmp/shot-ladder-budget-${tag}.png` });
  const card = page.getByTestId('budget-plan-ladder');
  await card.scrollIntoViewIfNeeded();
  await page.waitForTimeout(500);
  await page.screenshot({ path: `/tmp/shot-sizing-${tag}.png` });
  await page.close();
}
await browser.close();
