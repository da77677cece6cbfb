import { LateBound } from '../../infra/late-bound.js';
import type { AvatarVersions } from './auth.service.js';

/**
 * The avatars' versions for the account list. The settings feature keeps the images and sits above auth, so it
 * provides them from its own module; until it does (or without it), no account has an avatar.
 */
export class AvatarVersionsSource extends LateBound<Parameters<AvatarVersions>, ReturnType<AvatarVersions>> {
  constructor() {
    super(async () => new Map());
  }

  readonly versionsOf: AvatarVersions = this.call;
}
