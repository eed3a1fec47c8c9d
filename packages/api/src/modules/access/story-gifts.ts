import { and, count, desc, eq, gte, sql, type SQL } from 'drizzle-orm';
import type { Database } from '@bof/db/client';
import { articles, contentSections, storyGiftReaders, storyGifts } from '@bof/db/schema';
import { DomainError } from '../../errors/domain-error';
import type { Viewer } from '../../auth/viewer';
import { storyPath } from '../content/content.service';
import { signGiftToken, verifyGiftToken } from './story-gift-token';

export interface StoryGiftPolicy {
  /** Gifts a member may create per calendar month (UTC). */
  perMonth: number;
  /** How long a gift link works. */
  days: number;
  /** Distinct readers a gift link opens the story for. */
  maxReaders: number;
}

export const DEFAULT_STORY_GIFT_POLICY: StoryGiftPolicy = { perMonth: 10, days: 14, maxReaders: 10 };

export interface StoryGiftView {
  id: string;
  articleId: string;
  headline: string;
  storyGiftUrl: string;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  readers: number;
  maxReaders: number;
}

/** What a gift link did for a request (the page says why a link did not open the story). */
export type GiftRedemption =
  | { status: 'opened'; giftId: string }
  | { status: 'invalid' | 'expired' | 'revoked' | 'over-cap'; giftId?: string };

const MEMBER_LEVELS_EXCLUDED = new Set(['None', 'Restricted']);

const startOfMonth = (now: Date) => new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));

/** Story gifts: created by members, opened by anyone holding the link, listed and revoked by the giver. */
export function createStoryGifts(deps: {
  db: Database;
  secret: string;
  siteUrl: string;
  policy: StoryGiftPolicy;
}) {
  const { db, policy } = deps;

  async function viewsOf(where: SQL | undefined, limit = 100): Promise<StoryGiftView[]> {
    const rows = await db
      .select({
        id: storyGifts.id,
        articleId: storyGifts.articleId,
        createdAt: storyGifts.createdAt,
        expiresAt: storyGifts.expiresAt,
        revokedAt: storyGifts.revokedAt,
        maxReaders: storyGifts.maxReaders,
        headline: articles.headline,
        slug: articles.slug,
        kind: articles.kind,
        sectionSlug: contentSections.slug,
        readers: sql<number>`(select count(*)::int from story_gift_readers r where r.gift_id = ${storyGifts.id})`,
      })
      .from(storyGifts)
      .innerJoin(articles, eq(articles.id, storyGifts.articleId))
      .innerJoin(contentSections, eq(contentSections.id, articles.sectionId))
      .where(where)
      .orderBy(desc(storyGifts.createdAt))
      .limit(limit);
    return rows.map((row) => ({
      id: row.id,
      articleId: row.articleId,
      headline: row.headline,
      storyGiftUrl: `${deps.siteUrl}${storyPath({
        kind: row.kind,
        slug: row.slug,
        section: { slug: row.sectionSlug },
      })}?gift=${signGiftToken(deps.secret, row.id, row.articleId)}`,
      createdAt: row.createdAt,
      expiresAt: row.expiresAt,
      revokedAt: row.revokedAt,
      readers: Number(row.readers),
      maxReaders: row.maxReaders,
    }));
  }

  return {
    /** How many gifts the viewer may still create this calendar month. */
    async remainingThisMonth(viewer: Viewer, now: Date): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(storyGifts)
        .where(and(eq(storyGifts.giverUserId, viewer.userId), gte(storyGifts.createdAt, startOfMonth(now))));
      return Math.max(0, policy.perMonth - (row?.n ?? 0));
    },

    async create(viewer: Viewer, articleId: string, now: Date): Promise<StoryGiftView> {
      if (MEMBER_LEVELS_EXCLUDED.has(viewer.membershipLevel))
        throw new DomainError('not_a_member', 'Gifting stories is part of a membership.');
      const [story] = await db.select({ id: articles.id }).from(articles).where(eq(articles.id, articleId));
      if (!story) throw new DomainError('story_not_found', 'There is no such story.');
      const id = await db.transaction(async (tx) => {
        // One giver at a time, so two quick gifts cannot both take the last one of the month.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`story-gifts:${viewer.userId}`}))`);
        const [used] = await tx
          .select({ n: count() })
          .from(storyGifts)
          .where(
            and(eq(storyGifts.giverUserId, viewer.userId), gte(storyGifts.createdAt, startOfMonth(now))),
          );
        if ((used?.n ?? 0) >= policy.perMonth)
          throw new DomainError(
            'gift_limit_reached',
            `You have gifted ${policy.perMonth} stories this month. New gifts are available on the 1st.`,
          );
        const [row] = await tx
          .insert(storyGifts)
          .values({
            giverUserId: viewer.userId,
            articleId,
            createdAt: now,
            expiresAt: new Date(now.getTime() + policy.days * 86_400_000),
            maxReaders: policy.maxReaders,
          })
          .returning({ id: storyGifts.id });
        return row!.id;
      });
      const [view] = await viewsOf(eq(storyGifts.id, id), 1);
      return view!;
    },

    /** The viewer's gifts, newest first. */
    list: (viewer: Viewer) => viewsOf(eq(storyGifts.giverUserId, viewer.userId)),

    /** Revokes one of the viewer's own gifts; anybody else's reads as not found. */
    async revoke(viewer: Viewer, giftId: string, now: Date): Promise<StoryGiftView> {
      const [row] = await db
        .update(storyGifts)
        .set({ revokedAt: sql`coalesce(${storyGifts.revokedAt}, ${now})` })
        .where(and(eq(storyGifts.id, giftId), eq(storyGifts.giverUserId, viewer.userId)))
        .returning({ id: storyGifts.id });
      if (!row) throw new DomainError('gift_not_found', 'You have no such gift.');
      const [view] = await viewsOf(eq(storyGifts.id, giftId), 1);
      return view!;
    },

    /**
     * Opens a gift link for one reader (a user id, or an anonymous browser's meter id): the token must be
     * signed for this story, the gift neither revoked nor expired, and the reader among its first
     * `maxReaders`.
     */
    async redeem(token: string, articleId: string, readerKey: string, now: Date): Promise<GiftRedemption> {
      const giftId = verifyGiftToken(deps.secret, token, articleId);
      if (!giftId) return { status: 'invalid' };
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`story-gift:${giftId}`}))`);
        const [gift] = await tx.select().from(storyGifts).where(eq(storyGifts.id, giftId));
        if (!gift || gift.articleId !== articleId) return { status: 'invalid' as const };
        if (gift.revokedAt) return { status: 'revoked' as const, giftId };
        if (gift.expiresAt <= now) return { status: 'expired' as const, giftId };
        const [seen] = await tx
          .select({ key: storyGiftReaders.readerKey })
          .from(storyGiftReaders)
          .where(and(eq(storyGiftReaders.giftId, giftId), eq(storyGiftReaders.readerKey, readerKey)));
        if (seen) return { status: 'opened' as const, giftId };
        const [readers] = await tx
          .select({ n: count() })
          .from(storyGiftReaders)
          .where(eq(storyGiftReaders.giftId, giftId));
        if ((readers?.n ?? 0) >= gift.maxReaders) return { status: 'over-cap' as const, giftId };
        await tx.insert(storyGiftReaders).values({ giftId, readerKey, firstOpenedAt: now });
        return { status: 'opened' as const, giftId };
      });
    },
  };
}

export type StoryGifts = ReturnType<typeof createStoryGifts>;
