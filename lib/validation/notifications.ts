import { z } from 'zod';
import { NOTIFICATION_KINDS } from '@/db/schema/enums';
import { publicHash } from './intake';

/** The bell's actions: open one notice (marks it read), mark all read. */
export const openNotificationSchema = z.object({ hash: publicHash('Notification') });
export const markAllReadSchema = z.object({}).strict();

/** The Settings tab's save: each kind offered, on or off by e-mail (the server refuses a kind not offered). */
export const emailChoicesSchema = z.object({ email: z.partialRecord(z.enum(NOTIFICATION_KINDS), z.boolean()) });
export type EmailChoicesInput = z.output<typeof emailChoicesSchema>;

/** An unsubscribe link's token (its signature is checked by lib/notifications/unsubscribe-token.ts). */
export const unsubscribeSchema = z.object({ token: z.string().max(200, 'This unsubscribe link is not valid.') });
