import { BuildingsPage } from '@/features/buildings/components/buildings-page';

/**
 * `/buildings`, "Gebäude" (issue 37): every building of the user at a glance. Offered in the
 * user menu only to users with more than one building; the address works for everyone who may
 * read (the server refuses the rest with 403, which the page shows).
 */
export default function BuildingsRoute() {
  return <BuildingsPage />;
}
