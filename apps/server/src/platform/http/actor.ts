import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { TeamRole } from '@grouptrack/domain';
import { SUPER_ROLE, type Auth, type SessionMember, type SessionMemberReader } from '../auth';
import { UnauthorizedError, ForbiddenError } from '../errors';
import { EXTENSION_SIGNED_OUT_MESSAGE } from './extension-auth';

/** The signed-in user on whose behalf a service acts. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  isSuper: boolean;
  /** Set when a super user is signed in as this user to help them. */
  impersonatedBy: string | null;
}

function actorOf(read: SessionMember): Actor {
  return {
    userId: read.user.id,
    email: read.user.email,
    name: read.user.name,
    isSuper: read.user.role === SUPER_ROLE,
    impersonatedBy: read.impersonatedBy,
  };
}

/**
 * Reads the extension's bearer session when the request carries one (see extension-auth.ts; the
 * cookie is then ignored), else the session cookie; null when signed out.
 */
export async function findActor(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
  if (request.extensionSession) {
    const read = await request.extensionSession.read();
    return read && actorOf(read);
  }
  const session = await auth.api.getSession({ headers: fromNodeHeaders(request.headers) });
  if (!session) return null;
  return {
    userId: session.user.id,
    email: session.user.email,
    name: session.user.name,
    isSuper: session.user.role === SUPER_ROLE,
    impersonatedBy: session.session.impersonatedBy ?? null,
  };
}

/** An actor with their membership of one team. */
export interface TeamActor extends Actor {
  teamUID: string;
  role: TeamRole;
  groupAccess: string[];
}

/**
 * The signed-in user with their membership of `teamUID`, read in one statement with the session
 * where it can be (the extension's session, or see createSessionMemberReader); otherwise the actor better-auth finds, whose
 * membership the service reads. Null when signed out.
 */
export async function findActorInTeam(
  auth: Auth,
  readSessionMember: SessionMemberReader,
  request: FastifyRequest,
  teamUID: string,
): Promise<Actor | TeamActor | null> {
  if (request.extensionSession) {
    const read = await request.extensionSession.read(teamUID);
    if (!read) return null;
    return read.membership ? { ...actorOf(read), teamUID, ...read.membership } : actorOf(read);
  }
  const read = await readSessionMember(request.cookies, teamUID);
  if (!read) return findActor(auth, request);
  const actor = actorOf(read);
  return read.membership ? { ...actor, teamUID, ...read.membership } : actor;
}

export async function requireActor(auth: Auth, request: FastifyRequest): Promise<Actor> {
  const actor = await findActor(auth, request);
  if (!actor) {
    throw new UnauthorizedError(request.extensionSession ? EXTENSION_SIGNED_OUT_MESSAGE : undefined);
  }
  return actor;
}

export async function requireSuperActor(auth: Auth, request: FastifyRequest): Promise<Actor> {
  const actor = await requireActor(auth, request);
  if (!actor.isSuper) throw new ForbiddenError('This needs the super permission.');
  return actor;
}
