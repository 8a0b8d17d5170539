import { Stack, Text, Title } from '@mantine/core';
import { useLoggedUser } from '../../../app/signed-in-user';
import { PasswordForm } from './password-form';
import { ProfileDetailsForm } from './profile-details-form';
import { SignedInBrowsers } from './signed-in-browsers';

/** The profile tab: the user's details, password, and the browsers the extension is signed in on. */
export function ProfileTab() {
  const user = useLoggedUser();
  return (
    <Stack gap="lg">
      <Stack gap={2}>
        <Text size="sm" c="dimmed" fw={500}>
          Profile
        </Text>
        <Title order={1} size="h2">
          {user.name}
        </Title>
      </Stack>
      <ProfileDetailsForm key={user.uid} user={user} />
      <PasswordForm passwordSet={user.passwordSet} />
      <SignedInBrowsers />
    </Stack>
  );
}
