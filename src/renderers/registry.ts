import { ALL_KINDS, isFieldKind, type FieldKind } from '../runtime/kinds';
import type { FieldRegistry, FieldRenderer } from './types';
import { alertRenderer } from './fields/alert';
import { autoCompleteRenderer } from './fields/autoComplete';
import { billRuleRenderer } from './fields/billRule';
import { buttonRenderer } from './fields/button';
import { cascaderRenderer } from './fields/cascader';
import { checkboxRenderer } from './fields/checkbox';
import { colorPickerRenderer } from './fields/colorPicker';
import { datePickerRenderer } from './fields/datePicker';
import { dateRangeRenderer } from './fields/dateRange';
import { dividerRenderer } from './fields/divider';
import { editorRenderer } from './fields/editor';
import { groupTitleRenderer } from './fields/groupTitle';
import { iframeRenderer } from './fields/iframe';
import { uploadFileRenderer } from './fields/uploadFile';
import { uploadImgRenderer } from './fields/uploadImg';
import { inputRenderer } from './fields/input';
import { jsonRowsRenderer } from './fields/jsonRows';
import { inputNumberRenderer } from './fields/inputNumber';
import { linkRenderer } from './fields/link';
import { radioRenderer } from './fields/radio';
import { rateRenderer } from './fields/rate';
import { selectRenderer } from './fields/select';
import { sliderRenderer } from './fields/slider';
import { switchRenderer } from './fields/switch';
import { textRenderer } from './fields/text';
import { textareaRenderer } from './fields/textarea';
import { timePickerRenderer } from './fields/timePicker';
import { timeRangeRenderer } from './fields/timeRange';
import { treeSelectRenderer } from './fields/treeSelect';
import { organizeSelectRenderer } from './fields/organizeSelect';
import { depSelectRenderer } from './fields/depSelect';
import { posSelectRenderer } from './fields/posSelect';
import { roleSelectRenderer } from './fields/roleSelect';
import { groupSelectRenderer } from './fields/groupSelect';
import { areaSelectRenderer } from './fields/areaSelect';
import { userSelectRenderer } from './fields/userSelect';
import { usersSelectRenderer } from './fields/usersSelect';
import { popupAttrRenderer, relationFormAttrRenderer } from './fields/popupAttr';
import { popupSelectRenderer, popupTableSelectRenderer } from './fields/popupSelect';
import { relationFormRenderer } from './fields/relationForm';
import { withOptionNotes } from './fields/shared/optionNote';
import { dicSelectRenderer } from './fields/dicSelect';
import { withDictionaryAddButtons } from './selectors/DictionaryAdd';
import { pendingRenderer } from './fields/shared/pending';
import { barcodeRenderer } from './fields/barcode';
import { qrcodeRenderer } from './fields/qrcode';
import { signRenderer, signatureRenderer } from './fields/sign';
import { locationRenderer } from './fields/location';
import { systemRenderer } from './fields/shared/system';

/**
 * The field registry: plain data, one entry per kind, typed as a map over every FieldKind so
 * a kind without a renderer does not compile. Adding a kind = one file under fields/ + one line.
 * Option kinds' edit widgets get the quiet note of a missing option source (withOptionNotes) and,
 * when fed by a dictionary, the add button opening dictionary management (withDictionaryAddButtons).
 */
export function createFieldRegistry(): FieldRegistry {
  return withOptionNotes(withDictionaryAddButtons({
    input: inputRenderer,
    textarea: textareaRenderer,
    inputNumber: inputNumberRenderer,
    switch: switchRenderer,
    radio: radioRenderer,
    checkbox: checkboxRenderer,
    select: selectRenderer,
    cascader: cascaderRenderer,
    treeSelect: treeSelectRenderer,
    datePicker: datePickerRenderer,
    timePicker: timePickerRenderer,
    dateRange: dateRangeRenderer,
    timeRange: timeRangeRenderer,
    colorPicker: colorPickerRenderer,
    rate: rateRenderer,
    slider: sliderRenderer,
    editor: editorRenderer,
    link: linkRenderer,
    button: buttonRenderer,
    text: textRenderer,
    alert: alertRenderer,
    divider: dividerRenderer,
    groupTitle: groupTitleRenderer,
    iframe: iframeRenderer,
    // widget-group kinds: their own issues replace these stand-ins, one line each
    uploadFile: uploadFileRenderer,
    uploadImg: uploadImgRenderer,
    organizeSelect: organizeSelectRenderer,
    depSelect: depSelectRenderer,
    posSelect: posSelectRenderer,
    userSelect: userSelectRenderer,
    usersSelect: usersSelectRenderer,
    roleSelect: roleSelectRenderer,
    groupSelect: groupSelectRenderer,
    areaSelect: areaSelectRenderer,
    popupSelect: popupSelectRenderer,
    popupTableSelect: popupTableSelectRenderer,
    autoComplete: autoCompleteRenderer,
    relationForm: relationFormRenderer,
    relationFormAttr: relationFormAttrRenderer,
    popupAttr: popupAttrRenderer,
    billRule: billRuleRenderer,
    calculate: pendingRenderer('calculate'),
    qrcode: qrcodeRenderer,
    barcode: barcodeRenderer,
    signature: signatureRenderer,
    sign: signRenderer,
    location: locationRenderer,
    table: pendingRenderer('table'),
    jsonRows: jsonRowsRenderer,
    dicSelect: dicSelectRenderer,
    createUser: systemRenderer('createUser'),
    createTime: systemRenderer('createTime'),
    modifyUser: systemRenderer('modifyUser'),
    modifyTime: systemRenderer('modifyTime'),
    currOrganize: systemRenderer('currOrganize'),
    currDept: systemRenderer('currDept'),
    currPosition: systemRenderer('currPosition'),
  }));
}

/** The one shared registry instance (renderers are stateless, so one is enough). */
export const fieldRegistry: FieldRegistry = createFieldRegistry();

/** Exact look-up by kind; null for a kind the registry does not know (callers show UnknownKind). */
export function lookupRenderer(registry: FieldRegistry, kind: string): FieldRenderer | null {
  return isFieldKind(kind) ? (registry[kind] as unknown as FieldRenderer) : null;
}

export const ALL_FIELD_KINDS: readonly FieldKind[] = ALL_KINDS;
