import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { articles } from '@bof/db/schema';
import { opens } from '@bof/paywall/entitlements';
import type { AccessLevel } from '@bof/paywall/types';
import { builder } from '../../builder';
import { AuthError } from '../../errors/auth-error';
import { DomainError } from '../../errors/domain-error';
import { FieldValidationError } from '../../errors/field-validation-error';
import { UnauthorizedError } from '../../errors/unauthorized-error';
import { DateTimeScalar } from '../../scalars/date-time.graphql';
import { getAccessModule } from './access.module';
import { pdfViewerLink } from './pdf-viewer-link';

const PdfViewerLinkType = builder.objectRef<{ url: string; expiresAt: Date }>('PdfViewerLink').implement({
  description: "A signed link to a case study's PDF report, for a few minutes.",
  fields: (t) => ({
    url: t.exposeString('url'),
    expiresAt: t.expose('expiresAt', { type: DateTimeScalar }),
  }),
});

builder.queryField('generatePdfViewerLink', (t) =>
  t.field({
    type: PdfViewerLinkType,
    description: "A signed link to a case study's PDF, for readers the case study opens to.",
    args: { articleId: t.arg.id({ required: true, validate: z.uuid({ message: 'Not a valid id.' }) }) },
    authScopes: { loggedIn: true },
    errors: { types: [AuthError, FieldValidationError, UnauthorizedError, DomainError], directResult: true },
    resolve: async (_root, { articleId }, ctx) => {
      const viewer = ctx.viewer;
      if (!viewer) throw new AuthError();
      const [story] = await ctx.platform.db
        .select({ id: articles.id, slug: articles.slug, kind: articles.kind, access: articles.access })
        .from(articles)
        .where(eq(articles.id, String(articleId)));
      if (!story || story.kind !== 'case_study')
        throw new DomainError('not_found', 'There is no such case study.');
      if (!viewer.isBofAdmin && !opens(viewer.membershipLevel, story.access as AccessLevel))
        throw new UnauthorizedError(
          viewer.userId,
          null,
          'The PDF report is for members with access to this case study.',
        );
      const { signingSecret } = await getAccessModule(ctx.platform);
      return pdfViewerLink(signingSecret, story, ctx.platform.env.siteUrl, new Date());
    },
  }),
);
