/** The product under test: `npm start` on E2E_PORT (playwright.config.ts starts it). */
export const e2ePort = Number(process.env.E2E_PORT || 3100);
export const e2eBase = `http://localhost:${e2ePort}`;
