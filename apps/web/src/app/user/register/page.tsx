import { withReturnTo } from '../../../components/auth/flow-error-card';
import { FlowPage } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function RegisterPage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <FlowPage
      type="registration"
      flowId={single(params.flow)}
      errorId={single(params.error)}
      returnTo={single(params.return_to)}
      title="Create your account"
      intro="Registration is free. We will send a code to confirm your e-mail address."
      footer={(returnTo) => (
        <p>
          Already registered? <a href={withReturnTo('/user/login/', returnTo)}>Sign in</a>
        </p>
      )}
    />
  );
}
