import { TERMS_VERSION } from '@grouptrack/domain';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../context';
import { subscriptions, users } from '../platform/db/directory-schema';
import { seedDemoCrm } from './demo-crm';

export const DEMO_USER = { name: 'Demo Lead', email: 'demo@grouptrack.local', password: 'grouptrack-demo' };

/** On first start with an empty directory: a demo user in a team on the pro tier, with its CRM. */
export async function seedDemo({ databases, auth, teams, log }: AppContext): Promise<boolean> {
  const directory = databases.directory;
  const [anyUser] = await directory.select({ id: users.id }).from(users).limit(1);
  if (anyUser) return false;
  const { user } = await auth.api.signUpEmail({ body: DEMO_USER });
  await directory.update(users).set({ termsVersion: TERMS_VERSION }).where(eq(users.id, user.id));
  const teamUID = await teams.createTeam({
    ownerId: user.id,
    name: 'Demo Community',
    status: 'active',
    tier: 3,
    // The demo CRM brings its own pipelines.
    starterPipeline: false,
  });
  await directory
    .update(subscriptions)
    .set({ facebookPlan: 'pro', instagramPlan: 'pro' })
    .where(eq(subscriptions.teamId, teamUID));
  await seedDemoCrm(databases.forTeam(teamUID), teamUID, { uid: user.id, name: DEMO_USER.name });
  log.info({ email: DEMO_USER.email }, 'demo data created');
  return true;
}
