// Drives the running site's billing simulator (embedded defaults only; docs/billing.md, "The clock"):
//   npm run billing:simulator -- advance 30     move its clock 30 days; renewals, dunning and expiry run
//   npm run billing:simulator -- reconcile      repair the product's copies from the simulator's records
//   npm run billing:simulator -- now            print the simulator's clock
const [command = 'now', days] = process.argv.slice(2);
const site = (process.env.SITE_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
const body = command === 'advance' ? { command, days: Number(days) } : { command };
if (command === 'advance' && !(Number(days) >= 0)) {
  console.error('Usage: npm run billing:simulator -- advance <days>');
  process.exit(2);
}
try {
  const response = await fetch(`${site}/api/billing-simulator/clock/`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  const text = await response.text();
  if (!response.ok) {
    console.error(`The site answered ${response.status}: ${text}`);
    process.exit(1);
  }
  console.log(text);
} catch (error) {
  console.error(`Could not reach ${site} (is \`npm start\` running?): ${error.message}`);
  process.exit(1);
}
