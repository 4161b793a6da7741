import { PageOutlet } from './page-outlet';
import { PublicLayout } from './public-layout';
import { RouterPublicNavigation } from './router-public-navigation';

export { PublicLayout } from './public-layout';

/** The public frame as a route layout (status pages for a signed-out visitor). */
export default function PublicFrame() {
  return (
    <RouterPublicNavigation>
      <PublicLayout>
        <PageOutlet />
      </PublicLayout>
    </RouterPublicNavigation>
  );
}
