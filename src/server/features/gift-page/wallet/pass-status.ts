import type { GiftPageStatus } from '../get-gift-page';

/** The gift catalogue's word for a status, as the gift page's status card says it. */
export function passStatusKey(status: GiftPageStatus): string {
  return status === 'paid' ? 'status.ready' : `status.${status}`;
}
