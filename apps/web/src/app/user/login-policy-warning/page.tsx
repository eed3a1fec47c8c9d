import { AuthCard } from '../../../components/auth/auth-card';
import { SessionPolicy } from '../../../components/auth/session-policy';

/** Shown when an account holds more active sessions than the login policy allows. */
export default function LoginPolicyWarningPage() {
  return (
    <AuthCard
      title="You are signed in on too many devices"
      intro="Your membership can be used on a limited number of devices at once. Sign out of the ones you no longer use to continue."
    >
      <SessionPolicy />
    </AuthCard>
  );
}
