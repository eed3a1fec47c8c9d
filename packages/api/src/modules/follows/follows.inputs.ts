import { z } from 'zod';
import { FOLLOW_TYPES } from '../../enums/spec-enums';

export const followInputSchema = z.object({
  followsType: z.enum(FOLLOW_TYPES),
  followsKey: z
    .string()
    .trim()
    .min(1, 'Say what to follow.')
    .max(120, 'That key is too long.')
    .regex(/^[a-z0-9-]+$/, 'That is not a key that can be followed.'),
});
export type FollowInput = z.infer<typeof followInputSchema>;

export const usersByFollowSchema = z.object({
  followsType: z.enum(FOLLOW_TYPES),
  followsKey: followInputSchema.shape.followsKey,
  first: z.number().int().min(1).max(100).default(20),
  offset: z.number().int().min(0).max(1_000_000).default(0),
});
