/**
 * Self-checks of the fixtures' guards, so a green run means something: a request to another host is
 * aborted and recorded, console errors and uncaught page errors are recorded, a test that leaves any
 * of them in the record fails, and the axe fixture fails on a serious violation.
 *
 * The tests marked `test.fail()` must fail (the guard's check after the test throws); Playwright
 * reports them as passed only when they do, and as failed if the guard let them through.
 */
import { expect, test } from './fixtures';

const LEAK_URL = 'http://192.0.2.1/leak?secret=1';

test('guard fixture: a request to a host other than the preview server is aborted and recorded', async ({
  page,
  problems,
}) => {
  // about:blank has no CSP, so the request reaches the router (the app's own CSP would stop it first).
  await page.goto('about:blank');
  const outcome = await page.evaluate(async (url) => {
    try {
      await fetch(url, { mode: 'no-cors' });
      return 'completed';
    } catch {
      return 'failed';
    }
  }, LEAK_URL);
  expect(outcome, 'the outside request must not complete').toBe('failed');
  const recorded = problems.consume(/request outside the preview server: GET http:\/\/192\.0\.2\.1\//);
  expect(recorded, 'the outside request is recorded exactly once').toHaveLength(1);
  // Chromium also logs the blocked load as a console error; that is the expected echo of the same event.
  problems.consume(/console error: .*ERR_BLOCKED_BY_CLIENT|console error: Failed to load resource/);

  // The preview server itself stays reachable through the same router.
  const res = await page.goto('./');
  expect(res?.status()).toBe(200);
});

test('guard fixture: a console error in the page is recorded', async ({ page, problems }) => {
  await page.goto('./');
  await page.evaluate(() => console.error('e2e-guard-self-check'));
  await expect(() => {
    expect(problems.consume(/console error: e2e-guard-self-check/)).toHaveLength(1);
  }).toPass();
});

test('guard fixture: an uncaught error in the page is recorded', async ({ page, problems }) => {
  await page.goto('./');
  await page.evaluate(() => {
    setTimeout(() => {
      throw new Error('e2e-guard-uncaught');
    }, 0);
  });
  await expect(() => {
    expect(problems.consume(/page error: .*e2e-guard-uncaught/)).toHaveLength(1);
  }).toPass();
});

test('guard fixture: a request to a host other than the preview server, left in the record, fails the test', async ({
  page,
  problems,
}) => {
  test.fail();
  await page.goto('about:blank');
  await page.evaluate((url) => fetch(url, { mode: 'no-cors' }).catch(() => null), LEAK_URL);
  await expect(() =>
    expect(problems.list().join('\n')).toMatch(/request outside the preview server/),
  ).toPass();
});

test('guard fixture: a console error, left in the record, fails the test', async ({ page, problems }) => {
  test.fail();
  await page.goto('./');
  await page.evaluate(() => console.error('e2e-guard-self-check'));
  await expect(() => expect(problems.list().join('\n')).toMatch(/e2e-guard-self-check/)).toPass();
});

test('guard fixture: the recorded problems make assertNone throw, and consuming them clears it', async ({
  page,
  problems,
}) => {
  await page.goto('./');
  problems.assertNone();
  await page.evaluate(() => console.error('e2e-guard-self-check'));
  await expect(() => expect(() => problems.assertNone()).toThrow(/e2e-guard-self-check/)).toPass();
  expect(problems.consume(/e2e-guard-self-check/)).toHaveLength(1);
  problems.assertNone();
});

test('axe fixture: a page with a critical violation fails the check; the same page fixed passes', async ({
  page,
  axe,
}) => {
  await page.goto('about:blank');
  await page.setContent(
    '<!doctype html><html lang="en"><head><title>axe check</title></head><body><main><h1>axe</h1>' +
      '<img id="no-alt" src="data:image/gif;base64,R0lGODlhAQABAAAAACw="></main></body></html>',
  );
  await expect(axe(page)).rejects.toThrow(/image-alt/);
  await page.locator('#no-alt').evaluate((img) => img.setAttribute('alt', 'a dot'));
  const violations = await axe(page);
  expect(violations.map((v) => v.id)).not.toContain('image-alt');
});
