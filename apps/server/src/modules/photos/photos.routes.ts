import { contactSchema, profilePhotoRequestSchema } from '@grouptrack/domain';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { NotFoundError } from '../../platform/errors';
import { teamParams, teamRoutes } from '../../platform/http/team-routes';
import type { App } from '../../platform/http/types';

const tags = ['contacts'];

/** Profile photos: downloaded once from the platform, then served by GroupTrack. */
export function registerPhotoRoutes(app: App, { auth, teams, contacts, photos }: AppContext) {
  const routes = teamRoutes(app, { auth, teams });

  routes.post({
    path: '/contacts/:GTID/photo',
    schema: {
      tags,
      summary:
        "SPEC v2-social-downloadSocialProfilePhoto: download the contact's photo from the platform's image host (https, public addresses, JPEG, PNG, WebP or GIF up to 5 MB) once, and make GroupTrack's copy their photoURL; answers the contact",
      params: teamParams.extend({ GTID: z.string().min(1).max(100) }),
      body: profilePhotoRequestSchema,
      response: contactSchema,
    },
    handler: async ({ member, params, body }) => {
      await photos.savePhoto(member, params.GTID, body.profilePic);
      return contacts.getContact(member, params.GTID);
    },
  });

  app.get(
    '/api/v1/teams/:teamUID/photos/:photoID',
    {
      schema: {
        tags,
        summary:
          "A contact's photo as GroupTrack keeps it. No sign-in: the address is unguessable, so an <img> works where no cookie is sent",
        params: teamParams.extend({ photoID: z.string().min(1).max(100) }),
        security: [],
      },
    },
    async (request, reply) => {
      const photo = await photos.readPhoto(request.params.teamUID, request.params.photoID);
      if (!photo) throw new NotFoundError('No photo at this address.');
      return (
        reply
          .header('content-type', photo.contentType)
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('x-content-type-options', 'nosniff')
          // The extension's frames and the platforms' pages show it from other origins.
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(photo.bytes)
      );
    },
  );
}
