import { CATEGORY_NAME_MAX, type CategoryInput } from '@store/contract';
import { CategoryDto } from '@store/contract/dto/category.dto';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Alert, ErrorAlert } from '@/components/alert';
import { TextField } from '@/components/field';
import { Spinner } from '@/components/spinner';
import { errorMessage } from '@/lib/api-client';
import { dtoResolver } from '@/lib/dto-resolver';
import { useCreateCategory } from '../api/create-category';
import { useCategory } from '../api/get-category';
import { useUpdateCategory } from '../api/update-category';

export const CATEGORY_MESSAGES = {
  created: 'category created successfully',
  createFailed: 'failed to create category',
  updated: 'category Updated successfully',
  updateFailed: 'failed to Update category',
};

interface Outcome {
  ok: boolean;
  message: string;
  reason?: string;
}

function CategoryNameForm({
  defaultName,
  submitLabel,
  onSave,
  outcome,
}: {
  defaultName: string;
  submitLabel: string;
  onSave: (input: CategoryInput) => Promise<boolean>;
  outcome: Outcome | null;
}) {
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isSubmitting },
  } = useForm<CategoryDto>({ resolver: dtoResolver(CategoryDto), defaultValues: { name: defaultName } });

  const onSubmit = handleSubmit(async (values) => {
    // The DTO's values: the name trimmed, as the server keeps it.
    const saved = await onSave({ name: values.name });
    if (saved) reset({ name: defaultName === '' ? '' : values.name });
  });

  return (
    <form onSubmit={onSubmit} noValidate aria-label="Category" className="card shadow-sm">
      <div className="card-body">
        {outcome?.ok ? <Alert variant="success">{outcome.message}</Alert> : null}
        {outcome && !outcome.ok ? <ErrorAlert message={outcome.message} reason={outcome.reason} /> : null}
        <TextField
          id="category-name"
          label="Name"
          error={errors.name}
          hint="For example: Summer Collection"
          type="text"
          required
          autoFocus
          maxLength={CATEGORY_NAME_MAX}
          registration={register('name')}
        />
        <button type="submit" className="btn btn-success" disabled={isSubmitting}>
          {submitLabel}
        </button>
      </div>
    </form>
  );
}

/** New category: 'category created successfully' and a cleared field, or 'failed to create category' with the reason. */
export function CreateCategoryForm() {
  const { mutateAsync: createCategory } = useCreateCategory();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const save = async (input: CategoryInput): Promise<boolean> => {
    setOutcome(null);
    try {
      await createCategory(input);
      setOutcome({ ok: true, message: CATEGORY_MESSAGES.created });
      return true;
    } catch (error) {
      console.error(error);
      setOutcome({ ok: false, message: CATEGORY_MESSAGES.createFailed, reason: errorMessage(error) });
      return false;
    }
  };
  return <CategoryNameForm defaultName="" submitLabel="Create Category" onSave={save} outcome={outcome} />;
}

/** Rename: the field starts with the current name; 'category Updated successfully' or 'failed to Update category'. */
export function UpdateCategoryForm({ categoryId }: { categoryId: string }) {
  const { data: category, error: loadFailure } = useCategory(categoryId);
  const { mutateAsync: updateCategory } = useUpdateCategory();
  const loadError = loadFailure ? errorMessage(loadFailure) : null;
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  if (loadError) return <Alert variant="danger">{loadError}</Alert>;
  if (!category) return <Spinner label="Loading category..." />;

  const save = async (input: CategoryInput): Promise<boolean> => {
    setOutcome(null);
    try {
      await updateCategory({ categoryId, input });
      setOutcome({ ok: true, message: CATEGORY_MESSAGES.updated });
      return true;
    } catch (error) {
      console.error(error);
      setOutcome({ ok: false, message: CATEGORY_MESSAGES.updateFailed, reason: errorMessage(error) });
      return false;
    }
  };
  return <CategoryNameForm key={category._id} defaultName={category.name} submitLabel="Update Category" onSave={save} outcome={outcome} />;
}
