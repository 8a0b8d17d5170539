import type { SocialPlatform } from '@grouptrack/domain';
import { FACEBOOK_PACK } from './packs/facebook';
import { INSTAGRAM_PACK } from './packs/instagram';
import { LINKEDIN_PACK } from './packs/linkedin';
import { PINTEREST_PACK } from './packs/pinterest';
import { SKOOL_PACK } from './packs/skool';
import { TIKTOK_PACK } from './packs/tiktok';
import { YOUTUBE_PACK } from './packs/youtube';
import type { SelectorPack } from './selector-pack';

/** The packs bundled with the extension and served by the server until an operator publishes newer ones. */
export const DEFAULT_SELECTOR_PACKS: Readonly<Record<SocialPlatform, SelectorPack>> = Object.freeze({
  instagram: INSTAGRAM_PACK,
  facebook: FACEBOOK_PACK,
  linkedin: LINKEDIN_PACK,
  pinterest: PINTEREST_PACK,
  tiktok: TIKTOK_PACK,
  youtube: YOUTUBE_PACK,
  skool: SKOOL_PACK,
});
