import { useQueryClient } from '@tanstack/react-query';
import { Eye, EyeOff, Send } from 'lucide-react';
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Input, Label } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { setAuthToken } from '#client/lib/auth-token';
import { RequestError } from '#client/lib/request';
import { USER_QUERY_KEY } from '../api/get-user';
import { useLookupInvite } from '../api/invite-lookup';
import { useLogin } from '../api/login';
import { useRegisterAccount } from '../api/register';
import { GoogleMark } from '#client/components/ui/google-mark';

type Mode = 'sign-in' | 'sign-up';

export function SignInPage() {
  const [params, setParams] = useSearchParams();
  // An invite link (/auth?invite=...) opens 'Sign up'; the token is kept in memory only.
  const [invite] = useState(() => params.get('invite') ?? undefined);
  const [mode, setMode] = useState<Mode>(invite ? 'sign-up' : 'sign-in');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [showPassword, setShowPassword] = useState(false);
  const signIn = useLogin();
  const signUp = useRegisterAccount();
  const { mutateAsync: lookupInvite } = useLookupInvite();
  const pending = signIn.isPending || signUp.isPending;
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  useEffect(() => {
    const error = params.get('error');
    if (!error) return;
    toast({ title: 'Sign-in failed', description: error, variant: 'destructive' });
    setParams({}, { replace: true });
  }, [params, setParams]);

  useEffect(() => {
    if (!invite) return;
    // Out of the address bar (and so out of history, bookmarks and screenshots) as soon as it is read.
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('invite');
        return next;
      },
      { replace: true },
    );
    let isCurrent = true;
    lookupInvite(invite).then(
      (found) => {
        if (isCurrent) setEmail((typed) => typed || found.email);
      },
      (error: unknown) => {
        const description =
          error instanceof RequestError
            ? (error.serverMessage ?? 'This invitation link is not valid.')
            : 'Something went wrong. Please try again.';
        if (isCurrent) toast({ title: 'Invitation not valid', description, variant: 'destructive' });
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [invite, setParams, lookupInvite]);

  const isSignUp = mode === 'sign-up';

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!email.trim() || !password) {
      toast({
        title: 'Authentication failed',
        description: 'Email and password are required.',
        variant: 'destructive',
      });
      return;
    }
    try {
      const input = { email: email.trim(), password };
      const { token } = await (isSignUp ? signUp.mutateAsync({ ...input, invite }) : signIn.mutateAsync(input));
      setAuthToken(token);
      await queryClient.resetQueries({ queryKey: USER_QUERY_KEY });
      toast({ title: isSignUp ? 'Account created successfully' : 'Logged in successfully' });
      navigate('/', { replace: true });
    } catch (error) {
      const description =
        error instanceof RequestError
          ? (error.serverMessage ?? 'Authentication failed')
          : 'Something went wrong. Please try again.';
      toast({ title: 'Authentication failed', description, variant: 'destructive' });
    }
  }

  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-sm rounded-[var(--radius-card)] border border-slate-200 bg-white p-8 shadow-sm">
        <div className="mb-6 flex flex-col items-center gap-3 text-center">
          <span className="flex h-10 w-10 items-center justify-center rounded-lg bg-brand-600 text-white">
            <Send aria-hidden className="h-5 w-5" />
          </span>
          <h1 className="text-xl font-semibold">{isSignUp ? 'Create Account' : 'Welcome'}</h1>
          <p className="text-[13px] text-slate-600">
            {isSignUp
              ? invite
                ? 'Set a password for your invited address.'
                : 'Open the invitation link your admin sent you to create an account.'
              : 'Sign in to Dispatch to continue.'}
          </p>
        </div>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <div>
            <Label htmlFor="email">Email</Label>
            <Input
              id="email"
              type="email"
              autoComplete="email"
              required
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
          </div>
          <div>
            <Label htmlFor="password">Password</Label>
            <div className="relative">
              <Input
                id="password"
                type={showPassword ? 'text' : 'password'}
                autoComplete={isSignUp ? 'new-password' : 'current-password'}
                required
                minLength={isSignUp ? 8 : undefined}
                value={password}
                onChange={(e) => setPassword(e.target.value)}
                className="pr-10"
              />
              <button
                type="button"
                onClick={() => setShowPassword((shown) => !shown)}
                aria-label={showPassword ? 'Hide password' : 'Show password'}
                aria-pressed={showPassword}
                className="absolute right-1 top-1/2 -translate-y-1/2 rounded p-1.5 text-slate-500 hover:text-slate-800"
              >
                {showPassword ? <EyeOff aria-hidden className="h-4 w-4" /> : <Eye aria-hidden className="h-4 w-4" />}
              </button>
            </div>
            {isSignUp ? <p className="mt-1 text-xs text-slate-600">At least 8 characters.</p> : null}
          </div>
          <Button type="submit" disabled={pending} className="w-full justify-center">
            {pending ? 'Please wait...' : isSignUp ? 'Create Account' : 'Continue'}
          </Button>
        </form>
        <div className="my-4 flex items-center gap-3 text-xs text-slate-500">
          <span className="h-px flex-1 bg-slate-200" /> or <span className="h-px flex-1 bg-slate-200" />
        </div>
        <Button
          variant="secondary"
          className="w-full justify-center"
          onClick={() => window.location.assign('/auth/google')}
        >
          <GoogleMark /> Continue with Google
        </Button>
        <p className="mt-6 text-center text-[13px] text-slate-600">
          {isSignUp ? 'Already have an account? ' : "Don't have an account? "}
          <button
            type="button"
            className="font-medium text-brand-700 hover:underline"
            onClick={() => setMode(isSignUp ? 'sign-in' : 'sign-up')}
          >
            {isSignUp ? 'Sign in' : 'Sign up'}
          </button>
        </p>
      </div>
    </main>
  );
}
