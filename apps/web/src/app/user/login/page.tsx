import { withReturnTo } from '../../../components/auth/flow-error-card';
import { FlowPage } from '../../../components/auth/flow-page';
import { single } from '../../../server/identity-flows';

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

export default async function LoginPage({ searchParams }: Props) {
  const params = await searchParams;
  return (
    <FlowPage
      type="login"
      flowId={single(params.flow)}
      errorId={single(params.error)}
      returnTo={single(params.return_to)}
      title="Sign in"
      intro="Use your password, or have a one-time code sent to your e-mail."
      footer={(returnTo) => (
        <>
          <p>
            New here? <a href={withReturnTo('/user/register/', returnTo)}>Create an account</a>
          </p>
          <p>
            <a href={withReturnTo('/user/recovery/', returnTo)}>Forgotten your password?</a>
          </p>
        </>
      )}
    />
  );
}
