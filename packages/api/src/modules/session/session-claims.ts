import { z } from 'zod';
import { MEMBERSHIP_LEVELS, MEMBERSHIP_TYPES } from '@bof/config/enums';

/**
 * The claims of the product session token `bof_session`, exactly as spec §3 lists them: nothing more,
 * nothing less. A payload with any other key is not a session token of ours.
 */
export const sessionClaimsSchema = z
  .object({
    user_id: z.string().min(1).max(128),
    email: z.string().min(3).max(254),
    membership_level: z.enum(MEMBERSHIP_LEVELS),
    membership_type: z.enum(MEMBERSHIP_TYPES),
    is_bof_admin: z.boolean(),
    is_first_login: z.boolean(),
    unclaimed_membership_account_id: z.string().max(128).nullable(),
    is_challenged: z.boolean(),
    is_user_data_complete: z.boolean(),
    exp: z.number().int().positive(),
  })
  .strict();

export type SessionClaims = z.infer<typeof sessionClaimsSchema>;

/** The claims the auth endpoint decides; `exp` is added when the token is signed. */
export type SessionFacts = Omit<SessionClaims, 'exp'>;
