import { withReturnTo } from '../../../components/auth/flow-error-card';
import { FlowPage } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RecoveryPage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <FlowPage
      type="recovery"
      flowId={single(params.flow)}
      errorId={single(params.error)}
      returnTo={single(params.return_to)}
      title="Reset your password"
      intro="Enter your e-mail address and we will send you a code to sign in and choose a new password."
      footer={(returnTo) => (
        <p>
          Remembered it? <a href={withReturnTo('/user/login/', returnTo)}>Sign in</a>
        </p>
      )}
    />
  );
}
