import { barcodeSvg, isBarcodeText } from '../../runtime/scan-codes';
import { useRT } from '../i18n';
import type { FieldRenderer, ViewProps } from '../types';
import { numberProp, propText } from './shared/common';
import { CodeImage, useCodeText } from './shared/codes';

/**
 * 条形码 (spec widgets 3, 5): static text or a related field's value drawn with jsbarcode
 * (code128 by default, bar width 4, height 40, margin 5), only when the text is letters and
 * digits; other text shows a quiet note, no text shows nothing.
 */
function View({ field, record }: ViewProps<'barcode'>) {
  const t = useRT();
  const { text } = useCodeText(field.props, record);
  if (!text) return null;
  const svg = isBarcodeText(text)
    ? barcodeSvg(text, { format: propText(field.props, 'format') || undefined, width: numberProp(field.props, 'width'), height: numberProp(field.props, 'height'), lineColor: propText(field.props, 'lineColor'), background: propText(field.props, 'background') })
    : '';
  return <CodeImage svg={svg} note={t('codes.barcodeInvalid')} kind="barcode" />;
}

const Edit = ({ field }: { field: ViewProps<'barcode'>['field'] }) => <View field={field} value={undefined} />;
const Nothing = () => null;

export const barcodeRenderer: FieldRenderer<'barcode'> = { Edit, View, Cell: Nothing };
