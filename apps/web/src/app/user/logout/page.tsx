import { AuthCard } from '../../../components/auth/auth-card';
import { SignedOut } from '../../../components/auth/signed-out';

/** Where the provider's logout returns to, and the offline fallback of spec §4. */
export default function LogoutPage() {
  return (
    <AuthCard title="Signing out">
      <SignedOut />
    </AuthCard>
  );
}
