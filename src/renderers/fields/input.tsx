import type { EditProps } from '../types';
import { textValued } from './shared/common';
import { PLAIN_INPUT_CLASS, PlainInputStyles, plainTextAttributes } from './shared/plain';

function Edit(props: EditProps<'input'>) {
  const { field } = props;
  const before = typeof field.props.addonBefore === 'string' ? field.props.addonBefore : '';
  const after = typeof field.props.addonAfter === 'string' ? field.props.addonAfter : '';
  const input = (
    <>
      <PlainInputStyles />
      <input {...plainTextAttributes(props)} type={field.props.showPassword ? 'password' : 'text'} className={PLAIN_INPUT_CLASS} />
    </>
  );
  // `preview: "image"`: the value is an image address (the system logo), shown beside the box
  const preview = field.props.preview === 'image' && typeof props.value === 'string' && props.value.trim() ? props.value.trim() : null;
  if (preview) {
    return (
      <div style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
        {input}
        <img src={preview} alt="" height={32} style={{ maxWidth: 96, objectFit: 'contain' }} data-image-preview={field.key} />
      </div>
    );
  }
  if (!before && !after) return input;
  return (
    <div style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
      {before ? <span>{before}</span> : null}
      {input}
      {after ? <span>{after}</span> : null}
    </div>
  );
}

export const inputRenderer = textValued(Edit);
