import { Music2 } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader } from '../../components/ui/card';
import { useDocumentTitle } from '../../lib/use-document-title';
import { LoginForm } from './login-form';

export default function LoginScreen() {
  useDocumentTitle('Admin Login');
  return (
    <main className="flex min-h-full items-center justify-center bg-muted p-4">
      <Card className="w-full max-w-sm">
        <CardHeader className="items-center text-center">
          <div className="mx-auto mb-2 flex size-12 items-center justify-center rounded-full bg-primary text-primary-foreground">
            <Music2 aria-hidden="true" className="size-6" />
          </div>
          <h1 className="text-2xl font-semibold tracking-tight">Admin Login</h1>
          <CardDescription>Nazenk</CardDescription>
        </CardHeader>
        <CardContent>
          <LoginForm />
        </CardContent>
      </Card>
    </main>
  );
}
