import { defineMessages } from '../define';

/**
 * Who may run a data interface, where an HTTP interface may call, and the save-time check of
 * values offered by an interface (server/modules/data-interface/run-access.ts, upstream.ts,
 * server/modules/visualdev/option-sources.ts).
 */
export const interfaceAccessMessages = defineMessages({
  'zh-CN': {
    'dataInterface.runDenied': '无权调用该数据接口：需要使用它的页面的权限或该接口的授权',
    'dataInterface.upstreamNoneAllowed': '系统未开放任何外部接口地址，HTTP数据接口不能调用（请管理员在系统配置中设置允许的地址）',
    'dataInterface.upstreamNotAllowed': '接口地址{host}不在系统允许的地址中',
    'dataInterface.upstreamPrivate': '接口地址{host}解析到内部网络地址{address}，该地址未被明确允许',
    'dataInterface.upstreamRedirects': '接口重定向次数过多',
    'dataInterface.allowListInvalid': '允许的接口地址格式不正确：{entry}（应为主机名、主机名:端口或以http://、https://开头的地址前缀）',
    'dataInterface.optionsUnchecked': '{label}的选项来自数据接口，接口调用失败，无法核对所选的值，请稍后再试：{detail}',
  },
  'zh-TW': {
    'dataInterface.runDenied': '無權呼叫該資料介面：需要使用它的頁面的權限或該介面的授權',
    'dataInterface.upstreamNoneAllowed': '系統未開放任何外部介面位址，HTTP資料介面不能呼叫（請管理員在系統設定中設定允許的位址）',
    'dataInterface.upstreamNotAllowed': '介面位址{host}不在系統允許的位址中',
    'dataInterface.upstreamPrivate': '介面位址{host}解析到內部網路位址{address}，該位址未被明確允許',
    'dataInterface.upstreamRedirects': '介面重新導向次數過多',
    'dataInterface.allowListInvalid': '允許的介面位址格式不正確：{entry}（應為主機名稱、主機名稱:連接埠或以http://、https://開頭的位址前綴）',
    'dataInterface.optionsUnchecked': '{label}的選項來自資料介面，介面呼叫失敗，無法核對所選的值，請稍後再試：{detail}',
  },
  en: {
    'dataInterface.runDenied': 'You may not run this data interface: it needs a page that uses it or a grant of the interface itself',
    'dataInterface.upstreamNoneAllowed': 'No upstream address is allowed, so HTTP data interfaces cannot call out (an administrator sets the allowed addresses in the system configuration)',
    'dataInterface.upstreamNotAllowed': 'The address {host} is not among the allowed upstream addresses',
    'dataInterface.upstreamPrivate': 'The address {host} resolves to the internal address {address}, which is not explicitly allowed',
    'dataInterface.upstreamRedirects': 'The interface redirected too many times',
    'dataInterface.allowListInvalid': 'Allowed upstream address not understood: {entry} (a host name, host:port, or an address prefix starting with http:// or https://)',
    'dataInterface.optionsUnchecked': 'The options of {label} come from a data interface that failed, so the chosen value cannot be checked; please try again later: {detail}',
  },
});
