import { test as base, type Browser, type BrowserContext } from '@playwright/test';

export * from '@playwright/test';

/** What a page writes to its console when the Content-Security-Policy blocks something. */
const VIOLATION = /\[csp-violation\]|Content Security Policy/;

/**
 * Every page of every journey runs with the site's Content-Security-Policy enforced, and a journey fails
 * when the policy blocked anything on any page or frame it opened: each context reports the document's
 * `securitypolicyviolation` events (and the browser's own console errors naming the policy) to the test.
 * Contexts a journey opens itself (`browser.newContext`, `browser.newPage`) are watched too.
 */
export const test = base.extend<{ cspViolations: string[] }>({
  cspViolations: [
    async ({ context, browser }, provide) => {
      const violations: string[] = [];
      const watch = async (watched: BrowserContext) => {
        await watched.addInitScript(() => {
          document.addEventListener('securitypolicyviolation', (event) => {
            console.error(
              `[csp-violation] ${event.effectiveDirective} blocked ${event.blockedURI || 'inline'} ` +
                `(${event.sourceFile || event.documentURI}:${event.lineNumber}) sample: ${event.sample}`,
            );
          });
        });
        watched.on('console', (message) => {
          if (message.type() === 'error' && VIOLATION.test(message.text()))
            violations.push(`${message.text()} on ${message.location().url || message.page()?.url()}`);
        });
      };
      await watch(context);
      const newContext: Browser['newContext'] = browser.newContext;
      browser.newContext = async (options) => {
        const created = await newContext.call(browser, options);
        await watch(created);
        return created;
      };
      try {
        await provide(violations);
      } finally {
        browser.newContext = newContext;
      }
      if (violations.length > 0)
        throw new Error(`The Content-Security-Policy blocked something:\n${violations.join('\n')}`);
    },
    { auto: true },
  ],
});
