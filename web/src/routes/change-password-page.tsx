import { Link } from '@tanstack/react-router';
import { Alert, AlertDescription, AlertTitle } from '@web/components/ui/alert.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { ChangePasswordForm } from '@web/features/auth/components/change-password-form.tsx';
import { CheckCircle2 } from 'lucide-react';
import { useState } from 'react';
import { usePageTitle } from './use-page-title.ts';

/** The profile menu's "Change password": for everyone, whenever they like. */
export default function ChangePasswordPage() {
  usePageTitle('Change password');
  const [changed, setChanged] = useState(false);
  return (
    <div className="mx-auto w-full max-w-md">
      <Card className="gap-6 py-6 sm:py-8">
        <CardHeader className="px-6 sm:px-8">
          <CardTitle as="h1" className="text-xl">
            Change password
          </CardTitle>
          <CardDescription>
            Changing it signs you out everywhere else; this device stays signed in.
          </CardDescription>
        </CardHeader>
        <CardContent className="px-6 sm:px-8">
          {changed ? (
            <div className="flex flex-col gap-5">
              <Alert variant="info" live="status">
                <CheckCircle2 aria-hidden />
                <AlertTitle>Password changed</AlertTitle>
                <AlertDescription>Use your new password the next time you sign in.</AlertDescription>
              </Alert>
              <Button asChild size="lg" className="w-full">
                <Link to="/">Back to Parstock</Link>
              </Button>
            </div>
          ) : (
            <ChangePasswordForm onChanged={() => setChanged(true)} />
          )}
        </CardContent>
      </Card>
    </div>
  );
}
