/** The root of every query that shows categories (the list and one category): a category write invalidates it. */
export const categoriesQueryKey = ['categories'] as const;
