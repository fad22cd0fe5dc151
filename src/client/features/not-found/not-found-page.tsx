import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="flex min-h-screen items-center justify-center bg-slate-50 px-4">
      <div className="w-full max-w-md rounded-[var(--radius-card)] border border-slate-200 bg-white p-8 text-center shadow-sm">
        <h1 className="text-xl font-semibold">404 Page Not Found</h1>
        <p className="mt-2 text-slate-600">The page you are looking for does not exist.</p>
        <Link to="/" className="mt-6 inline-block font-medium text-brand-700 hover:underline">
          Go to Home
        </Link>
      </div>
    </main>
  );
}
