import { ArrowLeft, Info, Send } from 'lucide-react';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Button } from '#client/components/ui/button';
import { Input, Label, Textarea } from '#client/components/ui/input';
import { toast } from '#client/components/ui/use-toast';
import { getAuthToken } from '#client/lib/auth-token';
import { hasErrorCode, messageOf } from '#client/lib/request';
import { useConnectGoogle } from '#client/features/auth/hooks/use-connect-google';
import { PageHeader } from '#client/features/layout/page-header';
import { useSendTestEmail } from '../api/send-test-email';
import { GoogleMark } from '#client/components/ui/google-mark';

interface FormValues {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** A field the user must still fill shows a red border. */
const INVALID = 'aria-invalid:border-red-600 aria-invalid:focus:ring-red-100';

const EMPTY: FormValues = { to: '', subject: '', text: '', html: '' };

/** What the form still needs, by field: To, Subject, and Text or HTML. */
function missingFields(values: FormValues) {
  return {
    to: !values.to.trim(),
    subject: !values.subject.trim(),
    content: !values.text.trim() && !values.html.trim(),
  };
}

function missingList(missing: ReturnType<typeof missingFields>): string[] {
  return [
    ...(missing.to ? ['To'] : []),
    ...(missing.subject ? ['Subject'] : []),
    ...(missing.content ? ['Text or HTML content'] : []),
  ];
}

export function EmailTestPage() {
  const id = useId();
  const [values, setValues] = useState<FormValues>(EMPTY);
  const [showMissing, setShowMissing] = useState(false);
  const sendTestEmail = useSendTestEmail();
  const connectGoogle = useConnectGoogle();
  const missing = missingFields(values);

  const set = (field: keyof FormValues) => (event: { target: { value: string } }) =>
    setValues((current) => ({ ...current, [field]: event.target.value }));

  function submit(event: FormEvent) {
    event.preventDefault();
    if (sendTestEmail.isPending) return;
    const list = missingList(missing);
    if (list.length > 0) {
      setShowMissing(true);
      toast({ title: `Please complete: ${list.join(', ')}`, variant: 'destructive' });
      return;
    }
    if (!getAuthToken()) {
      toast({ title: 'Please login to send emails', variant: 'destructive' });
      return;
    }
    const body = {
      to: values.to.trim(),
      subject: values.subject.trim(),
      text: values.text || undefined,
      html: values.html || undefined,
    };
    sendTestEmail.mutate(body, {
      onSuccess: (result) => {
        if (result.status === 'uncertain') {
          toast({ title: 'Email may not have been sent', description: result.message, variant: 'destructive' });
          return;
        }
        toast({ title: 'Email sent successfully', description: `Sent to ${body.to}.` });
        setValues(EMPTY);
        setShowMissing(false);
      },
      onError: (error) => {
        if (hasErrorCode(error, 'requires-google-auth')) {
          toast({
            title: 'Google Authentication Required',
            description: 'Please sign in with Google to enable Gmail sending.',
            variant: 'destructive',
          });
        } else {
          toast({
            title: 'Failed to send email',
            description: messageOf(error, 'Something went wrong'),
            variant: 'destructive',
          });
        }
      },
    });
  }

  const errorOf = (isMissing: boolean, message: string) => (showMissing && isMissing ? message : undefined);

  return (
    <>
      <PageHeader
        title="Email Test"
        description="Send a test email through the configured mail transport."
        actions={
          <Link
            to="/"
            className="inline-flex h-8 items-center gap-2 rounded-[var(--radius-button)] px-3 text-[13px] font-medium text-slate-700 hover:bg-slate-100"
          >
            <ArrowLeft aria-hidden className="h-4 w-4" />
            Back to Home
          </Link>
        }
      />
      <main className="mx-auto max-w-2xl p-4 md:p-6">
        <div className="mb-4 flex items-start gap-3 rounded-[var(--radius-card)] border border-brand-100 bg-brand-50 p-4 text-sm text-slate-800">
          <Info aria-hidden className="mt-0.5 h-4 w-4 shrink-0 text-brand-700" />
          <div className="grid min-w-0 justify-items-start gap-3">
            <p>
              Google sign-in is required for sending through Gmail: messages then go out from your own Google account.
              Other mail transports send without it.
            </p>
            <Button
              variant="secondary"
              size="sm"
              className="h-auto min-h-8 py-1.5"
              onClick={() => void connectGoogle()}
            >
              <GoogleMark />
              Sign in with Google for Gmail Access
            </Button>
          </div>
        </div>

        <form
          onSubmit={submit}
          noValidate
          aria-label="Test email"
          className="grid gap-4 rounded-[var(--radius-card)] border border-slate-200 bg-white p-4 md:p-5"
        >
          <Field id={`${id}-to`} label="To" error={errorOf(missing.to, 'Enter at least one address.')}>
            <Input
              id={`${id}-to`}
              className={INVALID}
              type="text"
              inputMode="email"
              autoComplete="off"
              placeholder="someone@example.com"
              value={values.to}
              onChange={set('to')}
              aria-invalid={showMissing && missing.to}
              aria-describedby={showMissing && missing.to ? `${id}-to-error` : `${id}-to-hint`}
            />
            {!(showMissing && missing.to) ? (
              <p id={`${id}-to-hint`} className="mt-1 text-[13px] text-slate-600">
                Separate several addresses with commas.
              </p>
            ) : null}
          </Field>
          <Field id={`${id}-subject`} label="Subject" error={errorOf(missing.subject, 'Enter a subject.')}>
            <Input
              id={`${id}-subject`}
              className={INVALID}
              value={values.subject}
              onChange={set('subject')}
              aria-invalid={showMissing && missing.subject}
              aria-describedby={showMissing && missing.subject ? `${id}-subject-error` : undefined}
            />
          </Field>
          <Field
            id={`${id}-text`}
            label="Text Content"
            error={errorOf(missing.content, 'Add text content or HTML content.')}
          >
            <Textarea
              id={`${id}-text`}
              className={INVALID}
              rows={5}
              value={values.text}
              onChange={set('text')}
              aria-invalid={showMissing && missing.content}
              aria-describedby={showMissing && missing.content ? `${id}-text-error` : undefined}
            />
          </Field>
          <Field id={`${id}-html`} label="HTML Content (optional)">
            <Textarea
              id={`${id}-html`}
              rows={6}
              className={`font-mono text-[13px] ${INVALID}`}
              placeholder="<p>Hello</p>"
              value={values.html}
              onChange={set('html')}
              aria-invalid={showMissing && missing.content}
            />
          </Field>
          <div className="flex justify-end">
            <Button type="submit" disabled={sendTestEmail.isPending}>
              <Send aria-hidden className="h-4 w-4" />
              {sendTestEmail.isPending ? 'Sending...' : 'Send Test Email'}
            </Button>
          </div>
        </form>
      </main>
    </>
  );
}

function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div>
      <Label htmlFor={id}>{label}</Label>
      {children}
      {error ? (
        <p id={`${id}-error`} className="mt-1 text-[13px] text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
