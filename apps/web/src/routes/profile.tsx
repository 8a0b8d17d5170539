import { Navigate, useParams } from 'react-router';
import { ProfilePage } from '../features/profile';
import { usePageTitle } from '../lib/page-title';

const PROFILE_TABS = ['profile', 'team', 'billing'] as const;
type ProfileTab = (typeof PROFILE_TABS)[number];

function isProfileTab(value: string): value is ProfileTab {
  return (PROFILE_TABS as readonly string[]).includes(value);
}

/** /profile/:tab?: the user's profile, team and billing. */
export function ProfileRoute() {
  usePageTitle('Profile');
  const { tab = 'profile' } = useParams();
  if (!isProfileTab(tab)) return <Navigate to="/profile" replace />;
  return <ProfilePage tab={tab} />;
}
