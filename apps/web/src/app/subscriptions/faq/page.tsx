import Link from 'next/link';

const questions = [
  {
    q: 'What does a membership include?',
    a: 'Every news story and analysis on the site, our daily and weekly briefings, and, with Premium, case studies, reports and every topic package. The packages page compares the plans.',
  },
  {
    q: 'How does the free trial work?',
    a: 'Plans with a trial charge nothing until it ends. We remind you before the first payment, and you can cancel at any time before then from your membership page; you will not be charged.',
  },
  {
    q: 'Which currencies and taxes apply?',
    a: 'You can pay in pounds, euros, US dollars or rupees. Prices are shown before tax; VAT or GST is added where you live, and your receipt shows it.',
  },
  {
    q: 'Can I upgrade later?',
    a: 'Yes. An upgrade starts at once; you pay the difference for the rest of your current year, and the preview shows the exact amount before you confirm.',
  },
  {
    q: 'How do I cancel?',
    a: 'From your membership page, in a few steps. You keep access until the end of the period you have paid for, and you can rejoin at any time.',
  },
  {
    q: 'Is my card safe?',
    a: 'Card details go straight to our payment provider and never reach our servers; we keep only the card type, expiry and last four digits. Some banks ask you to confirm a payment (3-D Secure).',
  },
  {
    q: 'Do you offer student or team memberships?',
    a: 'Yes: students save on Standard after verifying an academic e-mail address, and teams can buy seats together on one invoice.',
  },
] as const;

export default function FaqPage() {
  return (
    <article className="mx-auto max-w-measure px-gutter py-10">
      <h1 className="font-serif text-4xl font-bold">Membership questions</h1>
      <div className="mt-8 divide-y divide-rule border-y border-rule">
        {questions.map(({ q, a }) => (
          <details key={q} className="group py-4">
            <summary className="cursor-pointer list-none font-semibold [&::-webkit-details-marker]:hidden">
              <span aria-hidden className="mr-2 inline-block transition-transform group-open:rotate-90">
                ›
              </span>
              {q}
            </summary>
            <p className="mt-3 text-muted">{a}</p>
          </details>
        ))}
      </div>
      <p className="mt-8">
        Still unsure? <Link href="/subscriptions/packages/">Compare the memberships</Link> or{' '}
        <Link href="/contact/professional/">contact us</Link>.
      </p>
    </article>
  );
}
