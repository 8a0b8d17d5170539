import type { FastifyRequest } from 'fastify';
import { fromNodeHeaders } from 'better-auth/node';
import type { TeamRole } from '@grouptrack/domain';
import { SUPER_ROLE, type Auth, type SessionMemberReader } from '../auth';
import { UnauthorizedError, ForbiddenError } from '../errors';

/** The signed-in user on whose behalf a service acts. */
export interface Actor {
  userId: string;
  email: string;
  name: string;
  isSuper: boolean;
  /** Set when a super user is signed in as this user to help them. */
  impersonatedBy: string | null;
}

/** Reads the session cookie; null when signed out. */
export async function findActor(auth: Auth, request: FastifyRequest): Promise<Actor | null> {
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
 * where it can be (see createSessionMemberReader); otherwise the actor better-auth finds, whose
 * membership the service reads. Null when signed out.
 */
export async function findActorInTeam(
  auth: Auth,
  readSessionMember: SessionMemberReader,
  request: FastifyRequest,
  teamUID: string,
): Promise<Actor | TeamActor | null> {
  const read = await readSessionMember(request.cookies, teamUID);
  if (!read) return findActor(auth, request);
  const actor: Actor = {
    userId: read.user.id,
    email: read.user.email,
    name: read.user.name,
    isSuper: read.user.role === SUPER_ROLE,
    impersonatedBy: read.impersonatedBy,
  };
  return read.membership ? { ...actor, teamUID, ...read.membership } : actor;
}

export async function requireActor(auth: Auth, request: FastifyRequest): Promise<Actor> {
  const actor = await findActor(auth, request);
  if (!actor) throw new UnauthorizedError();
  return actor;
}

export async function requireSuperActor(auth: Auth, request: FastifyRequest): Promise<Actor> {
  const actor = await requireActor(auth, request);
  if (!actor.isSuper) throw new ForbiddenError('This needs the super permission.');
  return actor;
}
