import { defineMessages } from '../define';

/** Accessible names of controls and regions that show no text of their own (issue 19 item 2). */
export const a11yMessages = defineMessages({
  'zh-CN': {
    'a11y.close': '关闭',
    'a11y.firstPage': '第一页',
    'a11y.lastPage': '最后一页',
    'a11y.topMenu': '主菜单',
    'a11y.sideMenu': '侧边菜单',
    'a11y.rangeFrom': '{label}（起）',
    'a11y.rangeTo': '{label}（止）',
    'a11y.chartType': '图表类型',
    'a11y.chartName': '{title}（{type}）',
  },
  'zh-TW': {
    'a11y.close': '關閉',
    'a11y.firstPage': '第一頁',
    'a11y.lastPage': '最後一頁',
    'a11y.topMenu': '主選單',
    'a11y.sideMenu': '側邊選單',
    'a11y.rangeFrom': '{label}（起）',
    'a11y.rangeTo': '{label}（迄）',
    'a11y.chartType': '圖表類型',
    'a11y.chartName': '{title}（{type}）',
  },
  en: {
    'a11y.close': 'Close',
    'a11y.firstPage': 'First page',
    'a11y.lastPage': 'Last page',
    'a11y.topMenu': 'Main menu',
    'a11y.sideMenu': 'Side menu',
    'a11y.rangeFrom': '{label} from',
    'a11y.rangeTo': '{label} to',
    'a11y.chartType': 'Chart type',
    'a11y.chartName': '{title} ({type})',
  },
});
