import { z } from 'zod';

/** A text field: a value that is not text counts as not given, as the flows have always read it. */
const text = z.string().optional().catch(undefined);

/**
 * A submission to any self-service flow (`updateLoginFlowBody`, `updateRegistrationFlowBody`, …): the
 * fields the strategies read, each text or absent; `traits` is checked against the identity schema by
 * the strategy that takes it. Other fields are dropped.
 */
export const flowSubmissionSchema = z.object({
  csrf_token: text,
  method: text,
  identifier: text,
  password_identifier: text,
  password: text,
  code: text,
  resend: text,
  email: text,
  provider: text,
  id_token: text,
  id_token_nonce: text,
  traits: z.unknown().optional(),
});

export type FlowSubmission = z.infer<typeof flowSubmissionSchema>;

/**
 * The identifier a submission is about, for the per-identifier rate limit: the first of `identifier`,
 * `email` and `traits.email` that is given, trimmed and lower-cased; none when that one is not text.
 */
export const rateLimitIdentifierSchema = z
  .object({
    identifier: z.unknown().optional(),
    email: z.unknown().optional(),
    traits: z.object({ email: z.unknown().optional() }).optional().catch(undefined),
  })
  .transform((body) => {
    const value = body.identifier ?? body.email ?? body.traits?.email;
    return typeof value === 'string' && value ? value.trim().toLowerCase() : undefined;
  });

/** A flow submission, and the identifier it is about, from one body. */
export const flowPostSchema = z.custom<Record<string, unknown>>().transform((raw) => ({
  submission: flowSubmissionSchema.parse(raw),
  identifier: rateLimitIdentifierSchema.parse(raw),
}));
