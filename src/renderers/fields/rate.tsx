import { Rating } from '@mantine/core';
import type { EditProps, ViewProps } from '../types';
import { numberProp } from './shared/common';

function count(props: Record<string, unknown>): number {
  return numberProp(props, 'count') ?? numberProp(props, 'max') ?? 5;
}

function Edit({ field, value, onChange, id, disabled, readOnly }: EditProps<'rate'>) {
  return (
    <Rating
      id={id}
      count={count(field.props)}
      fractions={field.props.allowHalf ? 2 : 1}
      value={typeof value === 'number' ? value : Number(value) || 0}
      onChange={onChange}
      readOnly={readOnly || disabled}
    />
  );
}

const View = ({ field, value }: ViewProps<'rate'>) => <Rating count={count(field.props)} fractions={field.props.allowHalf ? 2 : 1} value={Number(value) || 0} readOnly size="sm" />;

export const rateRenderer = { Edit, View, Cell: View };
