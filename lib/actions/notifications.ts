'use server';

import { action } from '@/lib/http/action';
import { markAllRead, openNotification } from '@/lib/notifications/inbox';
import { saveEmailChoices, unsubscribe } from '@/lib/notifications/preferences';
import { emailChoicesSchema, markAllReadSchema, openNotificationSchema, unsubscribeSchema } from '@/lib/validation/notifications';

// The bell and the Notifications tab act on the signed-in user's own notices and choices ('own').
export const openNotificationAction = action('own', openNotificationSchema, openNotification);
export const markAllReadAction = action('own', markAllReadSchema, markAllRead);
export const saveEmailChoicesAction = action('own', emailChoicesSchema, saveEmailChoices);
// An unsubscribe link's confirmation page: the signed token is the permission (no sign-in), as in the mail.
export const unsubscribeAction = action('public', unsubscribeSchema, (ctx, input) => unsubscribe(ctx, input.token));
