import { Tabs } from '@mantine/core';
import { useNavigate } from 'react-router';
import { BillingTab } from '../../billing';
import { TeamTab } from '../../team';
import { ProfileTab } from './profile-tab';

export type ProfilePageTab = 'profile' | 'team' | 'billing';

const TABS: { value: ProfilePageTab; label: string }[] = [
  { value: 'profile', label: 'Profile' },
  { value: 'team', label: 'Team' },
  { value: 'billing', label: 'Billing' },
];

export interface ProfilePageProps {
  tab: ProfilePageTab;
}

/** /profile/:tab: the user's profile, their team and its billing, one tab per address. */
export function ProfilePage({ tab }: ProfilePageProps) {
  const navigate = useNavigate();
  return (
    <Tabs
      value={tab}
      onChange={(value) => {
        if (value && value !== tab) void navigate(`/profile/${value}`);
      }}
      keepMounted={false}
    >
      <Tabs.List mb="lg" aria-label="Profile sections">
        {TABS.map((item) => (
          <Tabs.Tab key={item.value} value={item.value}>
            {item.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
      <Tabs.Panel value="profile">{tab === 'profile' && <ProfileTab />}</Tabs.Panel>
      <Tabs.Panel value="team">{tab === 'team' && <TeamTab />}</Tabs.Panel>
      <Tabs.Panel value="billing">{tab === 'billing' && <BillingTab />}</Tabs.Panel>
    </Tabs>
  );
}
