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
      intro={(state) =>
        state === 'choose_method'
          ? 'Enter your e-mail address and we will send you a six-digit code to confirm it.'
          : 'We have sent a six-digit code to your inbox. It is valid for ten minutes.'
      }
    />
  );
}
