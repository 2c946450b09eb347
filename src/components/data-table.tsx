import type { ReactNode } from 'react';

/**
 * A data table's frame: the table, its caption and one row of column headers, each `scope="col"` so
 * a screen reader names the column of every cell. The body (and any footer) is the caller's.
 *
 * A table whose caption is a line above its scroll box (so a narrow screen wraps it) passes
 * `labelledBy` instead of `caption`.
 */
export function DataTable({
  className,
  testId,
  caption,
  captionId,
  captionClassName,
  labelledBy,
  describedBy,
  headers,
  numericFrom,
  children,
}: {
  className: string;
  testId?: string;
  caption?: ReactNode;
  captionId?: string;
  captionClassName?: string;
  labelledBy?: string;
  describedBy?: string;
  /** The column headers, left to right. */
  headers: readonly ReactNode[];
  /** Headers from this column on sit over amounts: class `num` aligns them with the figures. */
  numericFrom?: number;
  children: ReactNode;
}): ReactNode {
  return (
    <table
      className={className}
      data-testid={testId}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
    >
      {caption === undefined ? null : (
        <caption id={captionId} className={captionClassName}>
          {caption}
        </caption>
      )}
      <thead>
        <tr>
          {headers.map((header, i) => (
            <th
              // biome-ignore lint/suspicious/noArrayIndexKey: a header is its column's position; columns never reorder.
              key={i}
              scope="col"
              className={numericFrom !== undefined && i >= numericFrom ? 'num' : undefined}
            >
              {header}
            </th>
          ))}
        </tr>
      </thead>
      {children}
    </table>
  );
}
