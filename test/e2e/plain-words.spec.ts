import { test } from './fixtures';
import { openDashboard } from './helpers';

test('probe: method highlight, hardware column', async ({ page }) => {
  await openDashboard(page);
  const nav = page.getByRole('navigation', { name: 'Sections' });
  await nav.getByRole('link', { name: 'Method', exact: true }).click();
  await page.waitForTimeout(3000);
  const info = await page.evaluate(() => {
    const tops = ['assumptions', 'method'].map((id) => [id, document.getElementById(id)?.getBoundingClientRect().top, document.getElementById(id)?.getBoundingClientRect().height]);
    return { tops, scrollY: window.scrollY, inner: window.innerHeight, sh: document.documentElement.scrollHeight, current: document.querySelector('[aria-current="location"]')?.textContent };
  });
  console.log(JSON.stringify(info));
  await page.locator('#hardware').scrollIntoViewIfNeeded();
  const table = page.getByTestId('hardware-compare-table');
  await table.waitFor();
  await table.scrollIntoViewIfNeeded();
  const dims = await page.evaluate(() => {
    const t = document.querySelector('[data-testid="hardware-compare-table"]')!;
    const s = t.parentElement!;
    return { tw: t.scrollWidth, sw: s.clientWidth, sr: s.getBoundingClientRect().right, tr: t.getBoundingClientRect().right, vw: window.innerWidth };
  });
  console.log(JSON.stringify(dims));
  await page.screenshot({ path: '/tmp/i25-hw-1280.png' });
});
