import { useLocation } from '@tanstack/react-router';
import { NotFoundScreen } from '@web/features/not-found/not-found-screen.tsx';
import { usePageTitle } from './use-page-title.ts';

export function NotFoundPage() {
  const pathname = useLocation({ select: (location) => location.pathname });
  usePageTitle('Page not found');
  return <NotFoundScreen pathname={pathname} />;
}
