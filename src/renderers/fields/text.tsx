import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

/** Plain text: props.content (version 5) or the default value (version 3 JNPFText). */
function View({ field }: ViewProps<'text'>) {
  const content = propText(field.props, 'content') || (typeof field.defaultValue === 'string' ? field.defaultValue : '');
  return <div style={{ whiteSpace: 'pre-wrap', ...(field.props.textStyle as React.CSSProperties | undefined) }}>{content}</div>;
}

export const textRenderer = displayOnly(View);
