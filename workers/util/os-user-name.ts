import { userInfo } from 'node:os';
import { annotatorName } from '../../common/labels/label-requests';

/**
 * The OS user's name as an annotator name may be spelled, or null when nothing of it is left
 * (a user name of only symbols) or the OS cannot say (no passwd entry in a container).
 */
export function osUserName(): string | null {
  let username: string;
  try {
    username = userInfo().username;
  } catch {
    return null;
  }
  const cleaned = username
    .replace(/[^A-Za-z0-9._-]/g, '')
    .replace(/^[._-]+/, '')
    .slice(0, 64);
  return annotatorName.safeParse(cleaned).success ? cleaned : null;
}
