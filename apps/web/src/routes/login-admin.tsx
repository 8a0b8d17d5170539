import { sanitizeNextPath } from '@grouptrack/domain';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from '../components/auth-card';
import { OperatorSignIn } from '../features/auth';
import { usePageTitle } from '../lib/page-title';

/** /login-admin: sign-in for operators, which then requires the super permission. */
export function LoginAdminRoute() {
  usePageTitle('Login');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const nextPath = sanitizeNextPath(searchParams.get('next'));
  return (
    <AuthCard title="Admin sign-in" subtitle="For GroupTrack operators. Use an account with admin access.">
      <OperatorSignIn
        continueLabel="Continue to admin"
        onSuperUser={() => navigate(nextPath === '/' ? '/admin/users' : nextPath, { replace: true })}
      />
    </AuthCard>
  );
}
