import { Link } from 'react-router';
import { useDocumentTitle } from '../../lib/use-document-title';

export default function NotFoundScreen() {
  useDocumentTitle('Page not found');
  return (
    <main className="flex min-h-full items-center justify-center bg-muted p-4">
      <div className="text-center">
        <h1 className="mb-4 text-4xl font-bold">404</h1>
        <p className="mb-4 text-xl text-muted-foreground">Oops! Page not found</p>
        <Link to="/" className="text-primary underline underline-offset-4 hover:opacity-80">
          Return to Home
        </Link>
      </div>
    </main>
  );
}
