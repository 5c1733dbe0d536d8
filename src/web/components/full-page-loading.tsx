import { Spinner } from './ui/spinner';

export function FullPageLoading() {
  return (
    <div className="flex h-full min-h-screen items-center justify-center">
      <Spinner />
    </div>
  );
}
