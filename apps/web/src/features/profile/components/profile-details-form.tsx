import { AVATAR_SIZE_DEFAULT, CONTACT_VIEWS, TOAST_TIMEOUT_MS, personNameSchema } from '@grouptrack/domain';
import type { ContactView } from '@grouptrack/domain';
import { Alert, Avatar, Button, Group, Paper, Radio, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { validateFields } from '../../../lib/validate';
import type { FieldErrors } from '../../../lib/validate';
import type { LoggedUser } from '../../auth/api/get-me';
import { useUpdateProfile } from '../api/update-profile';
import { formatAvatarPreview, photoUrlSchema, readPhotoUrlField } from '../lib/profile-form';

const CONTACT_VIEW_LABELS: Record<ContactView, { label: string; description: string }> = {
  pipeline: { label: 'Pipeline', description: 'A board with a column per stage' },
  table: { label: 'Table', description: 'Rows you can sort and filter' },
};

interface ProfileValues {
  name: string;
  photoURL: string | null;
}

export interface ProfileDetailsFormProps {
  user: LoggedUser;
}

/** The user's name, photo and the contact view the app opens with. */
export function ProfileDetailsForm({ user }: ProfileDetailsFormProps) {
  const [name, setName] = useState(user.name);
  const [photoURL, setPhotoURL] = useState(readPhotoUrlField(user.photoURL));
  const [defaultContactView, setDefaultContactView] = useState<ContactView>(
    user.defaultContactView ?? 'pipeline',
  );
  const [errors, setErrors] = useState<FieldErrors<keyof ProfileValues>>({});
  const updateProfile = useUpdateProfile();

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const result = validateFields<ProfileValues>(
      { name: personNameSchema, photoURL: photoUrlSchema },
      { name, photoURL },
    );
    setErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    updateProfile.mutate(
      { ...result.values, defaultContactView },
      {
        onSuccess: (updated) => {
          setName(updated.name);
          setPhotoURL(readPhotoUrlField(updated.photoURL));
          notifications.show({
            color: 'teal',
            title: 'Profile saved',
            message: 'Your name, photo and default view are up to date.',
            autoClose: TOAST_TIMEOUT_MS,
          });
        },
      },
    );
  };

  return (
    <Paper withBorder radius="md" p="lg">
      <form onSubmit={handleSubmit} noValidate aria-labelledby="profile-details-title">
        <Stack gap="md">
          <Stack gap={4}>
            <Title order={2} size="h4" id="profile-details-title">
              Your details
            </Title>
            <Text size="sm" c="dimmed">
              Signed in as {user.email}
            </Text>
          </Stack>
          {updateProfile.isError && (
            <Alert color="red" variant="light" title="Could not save your profile" role="alert">
              {formatErrorMessage(updateProfile.error)}
            </Alert>
          )}
          <TextInput
            label="Name"
            autoComplete="name"
            value={name}
            onChange={(event) => setName(event.currentTarget.value)}
            error={errors.name}
            required
            maw={420}
          />
          <Group align="flex-start" gap="md" wrap="nowrap">
            <Avatar
              src={formatAvatarPreview({ photoURL, name, email: user.email })}
              alt="Photo preview"
              size={AVATAR_SIZE_DEFAULT}
              radius="xl"
            />
            <TextInput
              label="Photo URL"
              description="The address of a picture of you. Leave it empty to use your initials."
              type="url"
              placeholder="https://example.com/me.jpg"
              value={photoURL}
              onChange={(event) => setPhotoURL(event.currentTarget.value)}
              error={errors.photoURL}
              style={{ flex: 1 }}
              maw={520}
            />
          </Group>
          <Radio.Group
            label="Default contact view"
            description="What GroupTrack opens when you go to your contacts."
            value={defaultContactView}
            onChange={(value) => setDefaultContactView(value === 'table' ? 'table' : 'pipeline')}
          >
            <Group mt="xs" gap="xl">
              {CONTACT_VIEWS.map((view) => (
                <Radio
                  key={view}
                  value={view}
                  label={CONTACT_VIEW_LABELS[view].label}
                  description={CONTACT_VIEW_LABELS[view].description}
                />
              ))}
            </Group>
          </Radio.Group>
          <Group>
            <Button type="submit" loading={updateProfile.isPending}>
              Save profile
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
