import type { AccessDecision } from '@bof/paywall/decide-access';

export type Wall = Extract<AccessDecision, { kind: 'wall' }>;

export interface WallLink {
  label: string;
  href: string;
}

/** What a wall says and offers: chosen from its kind, reason and audience, so that it is true for its reader. */
export interface WallCopy {
  heading: string;
  lead: string;
  primary: WallLink;
  secondary: WallLink | null;
  /** Whether the wall lists the plans that open the story (with prices), and the student and team links. */
  plans: boolean;
}

const withReturn = (path: string, storyUrl: string) => `${path}?return_to=${encodeURIComponent(storyUrl)}`;

/**
 * The words of a wall. Anonymous readers are asked to register (registration wall) or to join, with a way
 * to sign in; registered readers without a membership to join; members are never told to become members
 * or that their free stories are spent when that is not the whole truth: they are asked to upgrade, or to
 * add the topic package.
 */
export function wallCopy(
  wall: Wall,
  options: {
    storyUrl: string;
    topicName: string;
    /** Whether a plan that opens the story has a free trial (the `trial` CTA variant offers it only then). */
    trial: boolean;
  },
): WallCopy {
  const signIn =
    wall.audience === 'anonymous'
      ? { label: 'Sign in', href: withReturn('/user/login/', options.storyUrl) }
      : null;
  const join = {
    label:
      wall.variants.ctaVariant === 'trial' && options.trial ? 'Start your free trial' : 'See memberships',
    href: '/subscriptions/packages/',
  };
  const upgrade = { label: 'Upgrade to read', href: '/subscriptions/upgrade/' };

  switch (wall.wall) {
    case 'registration':
      return {
        heading: 'Keep reading for free',
        lead:
          wall.reason === 'meter-cookie-refused'
            ? 'Your browser did not keep our cookie, so we cannot count your free stories. Allow cookies from this site and open the story again, or create a free account to keep reading.'
            : 'You have read your free stories for now. Create a free account to keep reading, with more free stories every month.',
        primary: { label: 'Create a free account', href: withReturn('/user/register/', options.storyUrl) },
        secondary: { label: 'Sign in', href: withReturn('/user/login/', options.storyUrl) },
        plans: false,
      };
    case 'topic-upsell': {
      const topic = options.topicName;
      const packageLink = {
        label: `${wall.audience === 'member' ? 'Add' : 'See'} the ${topic} package`,
        href: `/subscriptions/packages/?packages=${encodeURIComponent(wall.topic ?? '')}`,
      };
      return {
        heading: `This story is part of the ${topic} package`,
        lead:
          wall.audience === 'member'
            ? `Your membership does not include the ${topic} package. Add it, or upgrade to Premium to read every story.`
            : `Add the ${topic} package, or become a Premium member to read every story.`,
        primary: packageLink,
        secondary: wall.audience === 'member' ? { label: 'Upgrade to Premium', href: upgrade.href } : signIn,
        plans: true,
      };
    }
    case 'paywall':
      switch (wall.reason) {
        case 'restricted-membership':
          return {
            heading: 'Your membership does not include this story',
            lead: 'Your membership opens stories for registered readers. Upgrade to read this story and all our news and analysis.',
            primary: { label: 'Upgrade to read', href: '/subscriptions/packages/' },
            secondary: { label: 'Your membership', href: '/user/membership/' },
            plans: true,
          };
        case 'registered-meter-exhausted':
          return wall.audience === 'member'
            ? {
                heading: 'Your membership does not include this story',
                lead: 'You have read this month’s free stories beyond your membership. Upgrade to read every story.',
                primary: upgrade,
                secondary: null,
                plans: true,
              }
            : {
                heading: 'You have reached your free stories for this month',
                lead: 'Become a member for unlimited news and analysis, case studies and the archive.',
                primary: join,
                secondary: signIn,
                plans: true,
              };
        default:
          return wall.audience === 'member'
            ? {
                heading: 'Upgrade to read this story',
                lead: 'Your membership does not include this story. Premium does, with case studies, reports and every topic package.',
                primary: upgrade,
                secondary: null,
                plans: true,
              }
            : {
                heading: 'This story is for Premium members',
                lead: 'Become a Premium member for every story, case study and report, and every topic package.',
                primary: join,
                secondary: signIn,
                plans: true,
              };
      }
  }
}
