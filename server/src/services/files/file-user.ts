import { AppError } from '../../app/errors.ts';

/** Who stores or attaches files: an anonymous visitor is `keys`/`both` mode's caller without a key. */
export interface FileUser {
  id: string;
  visitor: boolean;
}

/**
 * Files take an identity that lasts: an account, or in `keys`/`both` mode an access key (the
 * issue: "in keys mode the key is required"). A visitor is refused with `unauthorized`, which the
 * web shows as "save your key first".
 */
export function assertMayUseFiles(user: FileUser): void {
  if (user.visitor) throw new AppError('unauthorized', 'Save an access key to use files.');
}
