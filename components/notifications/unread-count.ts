import 'server-only';
import { cache } from 'react';
import { unreadCount } from '@/lib/notifications/inbox';

/** The signed-in user's unread count, read once per server render: the header's bell and the inbox page share it. */
export const unreadCountOnce = cache(unreadCount);
