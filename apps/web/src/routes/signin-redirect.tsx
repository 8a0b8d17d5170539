import { Navigate, useLocation } from 'react-router';

/** /signin: the old address of the sign-in page. */
export function SigninRedirect() {
  const { search } = useLocation();
  return <Navigate to={{ pathname: '/login', search }} replace />;
}
