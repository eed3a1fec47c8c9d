/** The four contact pages of spec §2 and what each is for. */
export const contactKinds = {
  professional: {
    title: 'Professional enquiries',
    desk: 'professional memberships',
    intro:
      'Memberships for teams and companies: group pricing, seats for colleagues, invoicing and company-wide access.',
  },
  student: {
    title: 'Student enquiries',
    desk: 'student memberships',
    intro:
      'Student memberships, academic e-mail verification, and access for universities and fashion schools.',
  },
  insights: {
    title: 'BoF Insights',
    desk: 'BoF Insights',
    intro: 'Research briefings, data partnerships and bespoke analysis from our insights team.',
  },
  media: {
    title: 'Media and press',
    desk: 'media and press',
    intro: 'Press enquiries, interview requests and permissions to cite or republish our journalism.',
  },
} as const;

export type ContactKind = keyof typeof contactKinds;

export function isContactKind(value: string): value is ContactKind {
  return Object.hasOwn(contactKinds, value);
}
