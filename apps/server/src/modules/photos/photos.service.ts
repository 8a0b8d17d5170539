import { createHash, randomBytes } from 'node:crypto';
import path from 'node:path';
import type { Config } from '../../platform/config';
import type { Databases } from '../../platform/db/databases';
import { BadRequestError } from '../../platform/errors';
import type { ContactsService } from '../contacts/contacts.service';
import type { TeamActor } from '../teams/teams.service';
import { DEFAULT_PHOTO_HOSTS, PhotoRefusal } from './photo-address';
import { fetchPhoto, systemPhotoNetwork, type PhotoNetwork } from './photo-fetch';
import { diskPhotoStore, s3PhotoStore, type PhotoStore } from './photo-store';
import * as repo from './photos.repository';

export type PhotosService = ReturnType<typeof createPhotosService>;

/** A photo's id: 24 random bytes, so its public address cannot be guessed. */
const PHOTO_ID = /^pho_[A-Za-z0-9_-]{32}$/;
const TEAM_ID = /^[A-Za-z0-9_-]{1,100}$/;

const sha256Hex = (data: string | Buffer) => createHash('sha256').update(data).digest('hex');

/** The store the configuration names: an S3-compatible bucket when set, else files under DATA_DIR. */
export function photoStoreOf(config: Config): PhotoStore {
  if (config.S3_ENDPOINT) {
    if (!config.S3_BUCKET || !config.S3_ACCESS_KEY_ID || !config.S3_SECRET_ACCESS_KEY) {
      throw new Error(
        'Invalid configuration: S3_ENDPOINT needs S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY too.',
      );
    }
    return s3PhotoStore({
      endpoint: config.S3_ENDPOINT,
      bucket: config.S3_BUCKET,
      region: config.S3_REGION,
      accessKeyId: config.S3_ACCESS_KEY_ID,
      secretAccessKey: config.S3_SECRET_ACCESS_KEY,
    });
  }
  return diskPhotoStore(path.resolve(config.DATA_DIR, 'photos'));
}

/**
 * SPEC §7 v2-social-downloadSocialProfilePhoto: platform photo addresses expire, so the server
 * downloads a contact's photo once and serves its own copy, at an unguessable address of the team.
 */
export function createPhotosService(deps: {
  databases: Databases;
  contacts: ContactsService;
  config: Config;
  store?: PhotoStore;
}) {
  const { databases, contacts, config } = deps;
  const store = deps.store ?? photoStoreOf(config);
  let network = systemPhotoNetwork([...DEFAULT_PHOTO_HOSTS, ...config.PHOTO_HOSTS]);

  const addressOf = (teamUID: string, photoId: string) =>
    `${config.APP_URL.replace(/\/$/, '')}/api/v1/teams/${teamUID}/photos/${photoId}`;

  if (config.PHOTO_TEST_UPSTREAM) {
    if (config.NODE_ENV === 'production') {
      throw new Error('PHOTO_TEST_UPSTREAM is for tests only: the photo network is fixed in production.');
    }
    // The journeys' stand-in image host on this machine: every platform address is fetched from it.
    const upstream = new URL(config.PHOTO_TEST_UPSTREAM);
    network = {
      ...network,
      resolve: () => Promise.resolve([{ address: upstream.hostname, family: 4 }]),
      isAllowedAddress: (address) => address === upstream.hostname,
      upstream,
    };
  }

  return {
    /**
     * Tests only: fetch through another network (a local server, a resolver of their own). Refused in
     * production, so no setting can lift the https or private-address checks there.
     */
    useNetworkForTests(replacement: Partial<PhotoNetwork>) {
      if (config.NODE_ENV === 'production') throw new Error('The photo network is fixed in production.');
      network = { ...systemPhotoNetwork(network.hosts), ...replacement };
    },

    /**
     * Downloads the photo at a platform's address for a contact the member sees, stores it (once per
     * team: the same bytes, or the same address for the same contact, are not stored or fetched
     * again) and makes the served address the contact's photoURL. Answers that address.
     */
    async savePhoto(member: TeamActor, contactId: string, profilePic: string) {
      const { teamUID } = member;
      const db = databases.forTeam(teamUID);
      const contact = await contacts.getContact(member, contactId);
      const sourceHash = sha256Hex(profilePic);
      let photoId = await repo.findPhotoSource(db, teamUID, contactId, sourceHash);
      let fetched = false;
      if (!photoId) {
        let photo: { bytes: Buffer; contentType: string };
        try {
          photo = await fetchPhoto(profilePic, network);
        } catch (error) {
          if (error instanceof PhotoRefusal)
            throw new BadRequestError(`Invalid profilePic: ${error.message}`);
          throw error;
        }
        fetched = true;
        const sha256 = sha256Hex(photo.bytes);
        let row = await repo.findPhotoByHash(db, teamUID, sha256);
        if (!row) {
          const id = `pho_${randomBytes(24).toString('base64url')}`;
          // Bytes first: a record never names a photo the store does not have.
          await store.put(`${teamUID}/${id}`, photo.bytes, photo.contentType);
          row = await repo.insertPhoto(db, {
            teamId: teamUID,
            id,
            sha256,
            contentType: photo.contentType,
            size: photo.bytes.length,
          });
        }
        photoId = row.id;
        await repo.insertPhotoSource(db, { teamId: teamUID, contactId, sourceHash, photoId });
      }
      const photoURL = addressOf(teamUID, photoId);
      if (contact.photoURL !== photoURL) await contacts.updateContact(member, contactId, { photoURL });
      return { photoURL, fetched };
    },

    /** A stored photo's bytes and type, or null: no sign-in, the address itself is the secret. */
    async readPhoto(teamUID: string, photoId: string) {
      if (!TEAM_ID.test(teamUID) || !PHOTO_ID.test(photoId)) return null;
      const row = await repo.findPhoto(databases.forTeam(teamUID), teamUID, photoId);
      if (!row) return null;
      const bytes = await store.get(`${teamUID}/${photoId}`);
      return bytes && { bytes, contentType: row.contentType };
    },
  };
}
