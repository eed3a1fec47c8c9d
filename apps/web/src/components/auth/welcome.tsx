'use client';

import Link from 'next/link';
import { useEffect, useState } from 'react';
import { useAuth } from '../../client/auth/auth-provider';
import { clearWallJourney, readWallJourney } from '../access/wall-journey';
import { SignInPrompt } from './sign-in-prompt';

const LEVEL_NAMES: Record<string, string> = {
  AllAccess: 'Executive',
  Premium: 'Premium',
  LearningAndDevelopment: 'Learning & Development',
  Standard: 'Standard',
  NewsAndAnalysis: 'News & Analysis',
  TopicBeauty: 'Beauty',
};

type Step = { href: string; title: string; text: string };

/** Where to go next: the membership (or how to get one), the profile (or the account), reading. */
function nextSteps(user: { isMember: boolean; isUserDataComplete: boolean }): Step[] {
  return [
    user.isMember
      ? {
          href: '/user/membership/',
          title: 'Your membership',
          text: 'What it includes, your plan and when it renews.',
        }
      : {
          href: '/subscriptions/packages/',
          title: 'Become a member',
          text: 'Every story, case study and briefing, on every device.',
        },
    user.isUserDataComplete
      ? {
          href: '/user/account/',
          title: 'Your account',
          text: 'Your details, password and where you are signed in.',
        }
      : {
          href: '/user/one-more-step/',
          title: 'Complete your profile',
          text: 'Tell us what you do, for more relevant stories.',
        },
    { href: '/', title: 'Start reading', text: 'Today’s news and analysis.' },
  ];
}

/** Greets the reader with what their membership now opens. */
export function Welcome() {
  const auth = useAuth();
  // The story whose wall brought the reader here: opened now, one click away.
  const [journey, setJourney] = useState<{ url: string; title: string } | null>(null);
  useEffect(() => setJourney(readWallJourney(Date.now(), window.location.origin)), []);
  if (auth.status === 'unknown') return <p role="status">Loading…</p>;
  const level = LEVEL_NAMES[auth.user.membershipLevel];
  return (
    <>
      <h1 className="font-serif text-4xl font-bold">{level ? `Welcome to ${level}` : 'Welcome'}</h1>
      <p className="mt-4 text-lg text-muted">
        {level ? (
          <>
            Your {level} membership is active
            {auth.user.email ? (
              <>
                {' '}
                {/* A long address breaks anywhere rather than push the page wider than a phone. */}
                for <span className="[overflow-wrap:anywhere]">{auth.user.email}</span>
              </>
            ) : null}
            . Everything it includes is open to you now, on every device.
          </>
        ) : auth.status === 'logged-in' ? (
          'Your account is ready. Registered readers get more free stories each month and can follow topics and newsletters.'
        ) : (
          'Sign in to see your membership.'
        )}
      </p>
      {journey && auth.status === 'logged-in' ? (
        <p className="mt-6">
          <a
            href={journey.url}
            onClick={clearWallJourney}
            className="inline-block rounded bg-accent px-5 py-3 font-semibold text-accent-ink no-underline hover:opacity-90"
          >
            Continue reading: {journey.title}
          </a>
        </p>
      ) : null}
      {auth.status === 'logged-out' ? (
        <div className="mt-6">
          <SignInPrompt reason="Your membership follows your account." />
        </div>
      ) : (
        <ul className="mt-8 grid gap-4 sm:grid-cols-3">
          {nextSteps(auth.user).map((step) => (
            <li key={step.title} className="rounded border border-rule p-4">
              <Link href={step.href} className="font-semibold">
                {step.title}
              </Link>
              <p className="mt-1 text-sm text-muted">{step.text}</p>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
