import { FlowPage } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** E-mail verification: the code the reader was sent (spec §2 /user/confirm-email). */
export default async function ConfirmEmailPage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <FlowPage
      type="verification"
      flowId={single(params.flow)}
      errorId={single(params.error)}
      returnTo={single(params.return_to)}
      title="Confirm your e-mail address"
      // Once the code is sent, the flow's own message says so (Kratos 1080003); the intro adds only how
      // long the code lasts, rather than saying it a second time.
      intro={(state) =>
        state === 'choose_method'
          ? 'Enter your e-mail address and we will send you a six-digit code to confirm it.'
          : 'The code is valid for ten minutes.'
      }
    />
  );
}
