import { QR_DEFAULT_SIZE, qrSvg } from '../../runtime/scan-codes';
import { useRT } from '../i18n';
import type { FieldRenderer, ViewProps } from '../types';
import { numberProp, propText } from './shared/common';
import { CodeImage, useCodeText } from './shared/codes';

/**
 * 二维码 (spec widgets 3, 9): static text, a related field's value, or the record's dynamic
 * form-data payload (marker DFD), drawn with qrcode at error correction low; size from the
 * field (v5 width, v3 size), 40 by default.
 */
function View({ field, record }: ViewProps<'qrcode'>) {
  const t = useRT();
  const { text, waiting } = useCodeText(field.props, record);
  if (waiting) return <CodeImage svg="" note={t('codes.qrAfterSave')} kind="qrcode" />;
  if (!text) return null;
  const size = numberProp(field.props, 'width') ?? numberProp(field.props, 'size') ?? QR_DEFAULT_SIZE;
  return <CodeImage svg={qrSvg(text, { size, level: 'L', dark: propText(field.props, 'colorDark'), light: propText(field.props, 'colorLight') })} note="" kind="qrcode" />;
}

const Edit = ({ field }: { field: ViewProps<'qrcode'>['field'] }) => <View field={field} value={undefined} />;
const Nothing = () => null;

export const qrcodeRenderer: FieldRenderer<'qrcode'> = { Edit, View, Cell: Nothing };
