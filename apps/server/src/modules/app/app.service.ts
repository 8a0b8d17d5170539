import { existsSync } from 'node:fs';
import { createPushId, type AppNotification } from '@grouptrack/domain';
import { announceAppEvent } from '../../platform/app-events';
import type { Config } from '../../platform/config';
import type { DirectoryDb } from '../../platform/db/databases';
import { NotFoundError } from '../../platform/errors';
import type { Actor } from '../../platform/http/actor';
import * as repo from './app.repository';

const APP_VERSION_KEY = 'public/appVersion';
export const DEFAULT_APP_VERSION = '2.0.0';

export type AppService = ReturnType<typeof createAppService>;

/** The web app's page that explains installing the extension this server offers. */
export const EXTENSION_INSTALL_PAGE = '/setup/extension';

/**
 * Where people install the extension: the configured address, else this server's install page while
 * the server has the extension's zip to offer (looked at on each ask: a build after start counts).
 */
function extensionInstallUrl(
  config: Pick<Config, 'APP_URL' | 'EXTENSION_INSTALL_URL' | 'EXTENSION_ZIP_PATH'>,
): string | null {
  if (config.EXTENSION_INSTALL_URL) return config.EXTENSION_INSTALL_URL;
  return existsSync(config.EXTENSION_ZIP_PATH)
    ? new URL(EXTENSION_INSTALL_PAGE, config.APP_URL).toString()
    : null;
}

/** App-wide data: the app version, app notifications and what the web app needs before sign-in. */
export function createAppService(deps: {
  directory: DirectoryDb;
  config: Pick<
    Config,
    | 'APP_URL'
    | 'HELP_WIDGET_URL'
    | 'HOSTING_DEFAULT_DOMAINS'
    | 'MAINTENANCE_MODE'
    | 'TERMS_URL'
    | 'OPERATOR_EMAIL'
    | 'EXTENSION_INSTALL_URL'
    | 'EXTENSION_ZIP_PATH'
  >;
  /** Whether SMS reminders can be sent: the web app disables that choice, and says why, without it. */
  isSmsEnabled: boolean;
}) {
  const { directory, config, isSmsEnabled } = deps;

  async function getAppVersion(): Promise<string> {
    const value = await repo.findSetting(directory, APP_VERSION_KEY);
    return typeof value === 'string' ? value : DEFAULT_APP_VERSION;
  }

  return {
    getAppVersion,

    async getAppConfig() {
      return {
        appUrl: config.APP_URL,
        appVersion: await getAppVersion(),
        helpWidgetUrl: config.HELP_WIDGET_URL ?? null,
        hostingDefaultDomains: config.HOSTING_DEFAULT_DOMAINS,
        maintenance: config.MAINTENANCE_MODE,
        smsEnabled: isSmsEnabled,
        termsUrl: config.TERMS_URL,
        operatorEmail: config.OPERATOR_EMAIL ?? null,
        extensionInstallUrl: extensionInstallUrl(config),
      };
    },

    async setAppVersion(version: string) {
      await directory.transaction(async (tx) => {
        await repo.saveSetting(tx, APP_VERSION_KEY, version);
        await announceAppEvent(tx, { kind: 'app-version', version });
      });
    },

    async listNotifications(options: { publishedOnly: boolean }): Promise<AppNotification[]> {
      const rows = await repo.listNotifications(directory, options);
      return rows.map(presentNotification);
    },

    async createNotification(actor: Actor, fields: repo.AppNotificationFields) {
      const row = await directory.transaction(async (tx) => {
        const created = await repo.insertNotification(tx, {
          ...fields,
          id: createPushId('ntf_'),
          createdBy: actor.userId,
        });
        await announceAppEvent(tx, { kind: 'app-notification', op: 'create', notificationId: created.id });
        return created;
      });
      return presentNotification(row);
    },

    async updateNotification(id: string, patch: Partial<repo.AppNotificationFields>) {
      const row = await directory.transaction(async (tx) => {
        const updated = await repo.updateNotification(tx, id, patch);
        if (!updated) throw new NotFoundError('Notification not found.');
        await announceAppEvent(tx, { kind: 'app-notification', op: 'update', notificationId: id });
        return updated;
      });
      return presentNotification(row);
    },

    async deleteNotification(id: string) {
      await directory.transaction(async (tx) => {
        if (!(await repo.deleteNotification(tx, id))) throw new NotFoundError('Notification not found.');
        await announceAppEvent(tx, { kind: 'app-notification', op: 'delete', notificationId: id });
      });
    },
  };
}

/** SPEC §3's notification shape, with page as { value }. */
function presentNotification(
  row: repo.AppNotificationRow,
): AppNotification & { createdAt: string; updatedAt: string } {
  return {
    notificationId: row.id,
    published: row.published,
    platform: row.platform,
    type: row.type,
    title: row.title,
    text: row.text,
    ...(row.link !== null && { link: row.link }),
    ...(row.linkText !== null && { linkText: row.linkText }),
    ...(row.fontColor !== null && { fontColor: row.fontColor }),
    ...(row.backgroundColor !== null && { backgroundColor: row.backgroundColor }),
    ...(row.backgroundIcon !== null && { backgroundIcon: row.backgroundIcon }),
    ...(row.position !== null && { position: row.position }),
    ...(row.pageValue !== null && { page: { value: row.pageValue } }),
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}
