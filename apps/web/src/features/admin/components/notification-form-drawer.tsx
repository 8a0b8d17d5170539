import { TOAST_TIMEOUT_MS } from '@grouptrack/domain';
import type { NotificationPlatform, NotificationType } from '@grouptrack/domain';
import {
  Alert,
  Button,
  ColorInput,
  Drawer,
  Group,
  NativeSelect,
  SimpleGrid,
  Stack,
  Switch,
  TextInput,
  Textarea,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { formatErrorMessage } from '../../../lib/api-client';
import { useFieldErrors } from '../../../lib/validate';
import type { AdminNotification } from '../api/get-admin-notifications';
import { useCreateNotification, useUpdateNotification } from '../api/save-notification';
import {
  NEW_NOTIFICATION,
  NOTIFICATION_POSITIONS,
  toNotificationFormValues,
  validateNotificationForm,
} from '../lib/notification-form';
import type { NotificationFormValues } from '../lib/notification-form';

const TYPE_OPTIONS: { value: NotificationType; label: string }[] = [
  { value: 'toast', label: 'Toast: closes by itself after 5 seconds' },
  { value: 'banner', label: 'Banner: a bar that stays until dismissed' },
  { value: 'modal', label: 'Modal: a dialog over the page' },
];

const PLATFORM_OPTIONS: { value: NotificationPlatform; label: string }[] = [
  { value: 'web', label: 'Web app' },
  { value: 'extension', label: 'Extension' },
  { value: 'any', label: 'Web app and extension' },
];

const POSITION_OPTIONS = [
  { value: '', label: 'Default' },
  ...NOTIFICATION_POSITIONS.map((position) => ({ value: position, label: position })),
];

export interface NotificationFormDrawerProps {
  opened: boolean;
  /** The notification to edit, or null to create one. */
  notification: AdminNotification | null;
  onClose: () => void;
}

/** Creates or edits an app notification with every SPEC §3 field. */
export function NotificationFormDrawer({ opened, notification, onClose }: NotificationFormDrawerProps) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="lg"
      title={notification ? 'Edit notification' : 'New notification'}
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      {opened && (
        <NotificationForm
          key={notification?.notificationId ?? 'new'}
          notification={notification}
          onSaved={onClose}
        />
      )}
    </Drawer>
  );
}

function NotificationForm({
  notification,
  onSaved,
}: {
  notification: AdminNotification | null;
  onSaved: () => void;
}) {
  const [values, setValues] = useState<NotificationFormValues>(() =>
    notification ? toNotificationFormValues(notification) : NEW_NOTIFICATION,
  );
  const create = useCreateNotification();
  const update = useUpdateNotification();
  const save = notification ? update : create;
  const set = <Field extends keyof NotificationFormValues>(
    field: Field,
    value: NotificationFormValues[Field],
  ) => setValues((current) => ({ ...current, [field]: value }));
  const result = validateNotificationForm(values);
  const [errors, showErrors] = useFieldErrors<keyof NotificationFormValues>(result.ok ? {} : result.errors);

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    showErrors(result.ok ? {} : result.errors);
    if (!result.ok) return;
    const onSuccess = () => {
      notifications.show({
        color: 'teal',
        title: 'Notification saved',
        message: result.body.published
          ? 'It is published: users see it on the pages it is for.'
          : 'It is a draft until you publish it.',
        autoClose: TOAST_TIMEOUT_MS,
      });
      onSaved();
    };
    if (notification) {
      update.mutate({ notificationId: notification.notificationId, patch: result.body }, { onSuccess });
    } else {
      create.mutate(result.body, { onSuccess });
    }
  };

  return (
    <form onSubmit={handleSubmit} noValidate>
      <Stack gap="md">
        {save.isError && (
          <Alert color="red" variant="light" title="Could not save the notification" role="alert">
            {formatErrorMessage(save.error)}
          </Alert>
        )}
        <TextInput
          label="Title"
          value={values.title}
          onChange={(event) => set('title', event.currentTarget.value)}
          error={errors.title}
          required
          maxLength={200}
        />
        <Textarea
          label="Text"
          autosize
          minRows={3}
          value={values.text}
          onChange={(event) => set('text', event.currentTarget.value)}
          error={errors.text}
          required
          maxLength={5000}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <NativeSelect
            label="Type"
            data={TYPE_OPTIONS}
            value={values.type}
            onChange={(event) => {
              const type = TYPE_OPTIONS.find((option) => option.value === event.currentTarget.value);
              if (type) set('type', type.value);
            }}
          />
          <NativeSelect
            label="Platform"
            data={PLATFORM_OPTIONS}
            value={values.platform}
            onChange={(event) => {
              const platform = PLATFORM_OPTIONS.find((option) => option.value === event.currentTarget.value);
              if (platform) set('platform', platform.value);
            }}
          />
        </SimpleGrid>
        <TextInput
          label="Page"
          description="The path it shows on, such as /profile (and the pages under it); /contacts* for every path that starts so; empty for every page."
          placeholder="/profile"
          value={values.page}
          onChange={(event) => set('page', event.currentTarget.value)}
          error={errors.page}
        />
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <TextInput
            label="Link"
            type="url"
            placeholder="https://"
            value={values.link}
            onChange={(event) => set('link', event.currentTarget.value)}
            error={errors.link}
          />
          <TextInput
            label="Link text"
            placeholder="Learn more"
            value={values.linkText}
            onChange={(event) => set('linkText', event.currentTarget.value)}
            error={errors.linkText}
          />
          <ColorInput
            label="Font colour"
            placeholder="#000000"
            format="hex"
            fixOnBlur={false}
            withEyeDropper={false}
            value={values.fontColor}
            onChange={(value) => set('fontColor', value)}
            error={errors.fontColor}
          />
          <ColorInput
            label="Background colour"
            placeholder="#E6F4FC"
            format="hex"
            fixOnBlur={false}
            withEyeDropper={false}
            value={values.backgroundColor}
            onChange={(value) => set('backgroundColor', value)}
            error={errors.backgroundColor}
          />
          <TextInput
            label="Background icon"
            description="An emoji, or the address of an image"
            value={values.backgroundIcon}
            onChange={(event) => set('backgroundIcon', event.currentTarget.value)}
            error={errors.backgroundIcon}
          />
          <NativeSelect
            label="Position"
            description="A toast's corner; center centres a modal"
            data={POSITION_OPTIONS}
            value={values.position}
            onChange={(event) => set('position', event.currentTarget.value)}
            error={errors.position}
          />
        </SimpleGrid>
        <Switch
          label="Published"
          description="Users see a published notification on its pages at once."
          checked={values.published}
          onChange={(event) => set('published', event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            Save notification
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
