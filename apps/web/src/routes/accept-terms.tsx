import { TERMS_VERSION } from '@grouptrack/domain';
import { Navigate, useNavigate } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { useLoggedUser } from '../app/signed-in-user';
import { AcceptTermsForm } from '../features/auth';
import { usePageTitle } from '../lib/page-title';

/** /accept-terms: a signed-in user who has not accepted the current terms accepts them (SPEC §4 step 2). */
export function AcceptTermsRoute() {
  usePageTitle('Accept Terms');
  const user = useLoggedUser();
  const navigate = useNavigate();
  if (user.termsVersion === TERMS_VERSION) return <Navigate to="/" replace />;
  return (
    <AuthCard
      title={user.termsVersion ? 'Our terms have changed' : 'Accept the terms of service'}
      subtitle="Please read and accept them to keep using GroupTrack."
    >
      <AcceptTermsForm onAccepted={() => void navigate('/', { replace: true })} />
    </AuthCard>
  );
}
