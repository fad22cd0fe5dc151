import { ShieldX } from 'lucide-react';
import { useNavigate } from 'react-router';
import { Button } from '#client/components/ui/button';
import { clearAuthToken } from '#client/lib/auth-token';

export function AccessDeniedPage() {
  const navigate = useNavigate();
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-[var(--radius-card)] border border-slate-200 bg-white p-8 text-center shadow-sm">
        <ShieldX aria-hidden className="mx-auto mb-3 h-10 w-10 text-red-600" />
        <h1 className="text-xl font-semibold">Access Denied</h1>
        <p className="mt-2 text-slate-600">Please contact your admin for access.</p>
        <Button
          className="mt-6 w-full justify-center"
          onClick={() => {
            clearAuthToken();
            navigate('/auth', { replace: true });
          }}
        >
          Back to Login
        </Button>
      </div>
    </main>
  );
}
