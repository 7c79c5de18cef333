import type { ViewProps } from '../types';
import { displayOnly, numberProp, propText } from './shared/common';

function View({ field }: ViewProps<'iframe'>) {
  const href = propText(field.props, 'href');
  if (!/^https?:\/\//i.test(href) && !href.startsWith('/')) return null;
  const border = field.props.borderType && field.props.borderType !== 'none' ? `${numberProp(field.props, 'borderWidth') ?? 1}px ${String(field.props.borderType)} ${String(field.props.borderColor ?? '#e9ecef')}` : 'none';
  return <iframe src={href} title={field.label} style={{ width: '100%', height: numberProp(field.props, 'height') ?? 300, border }} sandbox="allow-scripts allow-same-origin allow-forms allow-popups" />;
}

export const iframeRenderer = displayOnly(View);
