import type { PagedList } from '@/lib/use-paged-list';
import { Alert } from './alert';

/** Under a paged list: the last failure (the loaded items stay) and a button for the next page while there is one. */
export function LoadMore({
  list,
  label,
}: {
  list: Pick<PagedList<unknown>, 'error' | 'hasMore' | 'loadMore' | 'loadingMore'>;
  label: string;
}) {
  return (
    <>
      {list.error ? (
        <Alert variant="danger" className="mt-3">
          {list.error}
        </Alert>
      ) : null}
      {list.hasMore ? (
        <div className="text-center mt-3">
          <button type="button" className="btn btn-outline-success" onClick={list.loadMore} disabled={list.loadingMore}>
            {list.loadingMore ? 'Loading...' : label}
          </button>
        </div>
      ) : null}
    </>
  );
}
