import {
  AVATAR_SIZE_DEFAULT,
  CONTACT_VIEWS,
  TOAST_TIMEOUT_MS,
  mobileNumberSchema,
  personNameSchema,
} from '@grouptrack/domain';
import type { ContactView } from '@grouptrack/domain';
import {
  Alert,
  Avatar,
  Button,
  Group,
  Paper,
  Radio,
  Select,
  Stack,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors, validateFields } from '../../../lib/validate';
import type { LoggedUser } from '../../../app/signed-in-user';
import { useUpdateProfile } from '../api/update-profile';
import { formatAvatarPreview, photoUrlSchema, readPhotoUrlField } from '../lib/profile-form';

const CONTACT_VIEW_LABELS: Record<ContactView, { label: string; description: string }> = {
  pipeline: { label: 'Pipeline', description: 'A board with a column per stage' },
  table: { label: 'Table', description: 'Rows you can sort and filter' },
};

interface ProfileValues {
  name: string;
  photoURL: string | null;
  phoneNumber: string | null;
}

// Every zone the browser knows, read once; the user's own zone is added if the list lacks it.
const TIME_ZONES = Intl.supportedValuesOf('timeZone');

/** An empty mobile number removes it; a typed one must carry its country code. */
const optionalMobileNumber = mobileNumberSchema.nullable();

export interface ProfileDetailsFormProps {
  user: LoggedUser;
}

/** The user's name, photo, time zone, mobile number and the contact view the app opens with. */
export function ProfileDetailsForm({ user }: ProfileDetailsFormProps) {
  const [name, setName] = useState(user.name);
  const [photoURL, setPhotoURL] = useState(readPhotoUrlField(user.photoURL));
  const [defaultContactView, setDefaultContactView] = useState<ContactView>(
    user.defaultContactView ?? 'pipeline',
  );
  const [timeZone, setTimeZone] = useState(user.timeZone);
  const [phoneNumber, setPhoneNumber] = useState(user.phoneNumber ?? '');
  const updateProfile = useUpdateProfile();
  const result = validateFields<ProfileValues>(
    { name: personNameSchema, photoURL: photoUrlSchema, phoneNumber: optionalMobileNumber },
    { name, photoURL, phoneNumber: phoneNumber.trim() === '' ? null : phoneNumber },
  );
  const [errors, showErrors] = useFieldErrors<keyof ProfileValues>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    updateProfile.mutate(
      { ...result.values, defaultContactView, timeZone },
      {
        onSuccess: (updated) => {
          setName(updated.name);
          setPhotoURL(readPhotoUrlField(updated.photoURL));
          setPhoneNumber(updated.phoneNumber ?? '');
          notifications.show({
            color: 'teal',
            title: 'Profile saved',
            message: 'Your details are up to date.',
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
          <Select
            label="Time zone"
            description="A task without a time is due at 8 am in this time zone."
            data={TIME_ZONES.includes(timeZone) ? TIME_ZONES : [timeZone, ...TIME_ZONES]}
            value={timeZone}
            onChange={(value) => value && setTimeZone(value)}
            searchable
            allowDeselect={false}
            maw={420}
          />
          <TextInput
            label="Mobile number"
            description="Where SMS reminders of your tasks are sent. Include the country code."
            type="tel"
            autoComplete="tel"
            placeholder="+15551234567"
            value={phoneNumber}
            onChange={(event) => setPhoneNumber(event.currentTarget.value)}
            error={errors.phoneNumber}
            maw={420}
          />
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
