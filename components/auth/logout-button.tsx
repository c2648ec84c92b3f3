import { Button } from '@/components/ui/button';

type Props = { impersonatorName: string | null; fullWidth?: boolean; className?: string };

/**
 * The one way to sign out: a POST form to /logout (origin-checked there). A plain form, so it works without
 * JavaScript and nothing but a click on this button (no link, prefetch or image) can end a session.
 */
export function LogoutButton({ impersonatorName, fullWidth, className }: Props) {
  return (
    <form action="/logout" method="post" className={className}>
      <Button type="submit" fullWidth={fullWidth}>
        {impersonatorName ? `Return to ${impersonatorName}` : 'Logout'}
      </Button>
    </form>
  );
}
