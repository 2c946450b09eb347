import { chromium } from '@playwright/test';
const [url, out, w, h, lang, full] = process.argv.slice(2);
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox','--disable-gpu'] });
const ctx = await browser.newContext({ viewport: { width: +w, height: +h }, locale: lang, isMobile: +w < 500, hasTouch: +w<500 });
const page = await ctx.newPage();
page.on('console', m => { if (m.type()==='error') console.log('console error', m.text()); });
await page.goto(url);
await page.waitForTimeout(1500);
if (full === 'full') { await page.evaluate(() => window.dispatchEvent(new Event('gpu-tco:render-all'))); await page.waitForTimeout(3000); }
await page.screenshot({ path: out, fullPage: full === 'full' });
await browser.close();
