import { test as base } from '@playwright/test';

let visitor = 0;

/**
 * Each test's browsers come from an address of their own, as people on different connections do
 * (the site under test trusts X-Forwarded-For like it would behind its load balancer), so the
 * per-address limits on registering and logging in apply per test, not to the whole run.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use, testInfo) => {
    visitor += 1;
    const address = `10.${testInfo.workerIndex % 250}.${Math.floor(visitor / 250) % 250}.${(visitor % 250) + 1}`;
    await use({ ...extraHTTPHeaders, 'X-Forwarded-For': address });
  },
});

export { expect } from '@playwright/test';
