import { Navigate, useParams } from 'react-router';
import { useLoggedUser } from '../app/signed-in-user';
import { AdminPage } from '../features/admin';
import { usePageTitle } from '../lib/page-title';

const ADMIN_TABS = ['users', 'teams', 'notifications', 'app-version', 'mail-outbox', 'extension'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

function isAdminTab(value: string | undefined): value is AdminTab {
  return (ADMIN_TABS as readonly (string | undefined)[]).includes(value);
}

/** /admin/:tab?: operator pages; only users with the super permission, others go to the pipeline (SPEC §2). */
export function AdminRoute() {
  usePageTitle('Admin');
  const user = useLoggedUser();
  const { tab } = useParams();
  if (!user.claims.super) return <Navigate to="/contacts/pipeline" replace />;
  if (!isAdminTab(tab)) return <Navigate to="/admin/users" replace />;
  return <AdminPage tab={tab} />;
}
