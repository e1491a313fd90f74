import type { ReactNode } from 'react';

/** A card of the admin screens, named by its heading (`${id}-heading`) for screen readers. */
export function Panel({
  as: Tag = 'section',
  id,
  title,
  className,
  headerClassName,
  children,
}: {
  as?: 'section' | 'nav';
  id: string;
  title: string;
  className?: string;
  headerClassName?: string;
  children: ReactNode;
}) {
  return (
    <Tag className={['card shadow-sm', className].filter(Boolean).join(' ')} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`} className={['card-header h5', headerClassName].filter(Boolean).join(' ')}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
