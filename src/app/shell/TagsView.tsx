import { useCallback, useEffect, useRef, useState, type MouseEvent, type WheelEvent } from 'react';
import { useAtomValue } from 'jotai';
import { useLocation } from 'wouter';
import { ActionIcon, CloseButton, Group, Paper, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight, IconFileText, IconHome } from '@tabler/icons-react';
import { useT } from '../i18n';
import { go } from '../router/navigation';
import { settingsAtom } from '../settings/settings';
import { tabs, tabsAtom } from '../tabs/atoms';
import { afterClose, arrowScroll, delAllViews, delOthersViews, delView, stripOverflow, TAB_GAP, wheelScroll, type TabView } from '../tabs/tabs';
import { usePageInfo } from './pageTitle';
import classes from './shell.module.css';

/** Width of the tab context menu (spec 9). */
const MENU_WIDTH = 105;
/** Width of a scroll arrow; the arrows overlay the strip so showing one never resizes it. */
const ARROW_WIDTH = 28;

/**
 * The tab strip of visited pages: click to switch, × to close, right-click for more, wheel or
 * the arrows (shown only while tabs overflow that way) to scroll; the active tab scrolls into view.
 */
export function TagsView() {
  const t = useT();
  const [path] = useLocation();
  const state = useAtomValue(tabsAtom);
  const settings = useAtomValue(settingsAtom);
  const info = usePageInfo();
  const scroller = useRef<HTMLDivElement>(null);
  const [menu, setMenu] = useState<{ x: number; y: number; view: TabView } | null>(null);

  useEffect(() => {
    if (!menu) return;
    const close = () => setMenu(null);
    document.addEventListener('click', close);
    return () => document.removeEventListener('click', close);
  }, [menu]);

  const [overflow, setOverflow] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const el = scroller.current;
    if (!el) return;
    const next = stripOverflow(el.scrollLeft, el.clientWidth, el.scrollWidth);
    setOverflow((o) => (o.left === next.left && o.right === next.right ? o : next));
  }, []);
  // The arrows follow the strip's size (window, sidebar, tabs added or closed, titles in another language).
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [measure]);

  // Keep the active tab in sight; only the strip scrolls, never the page.
  useEffect(() => {
    const strip = scroller.current;
    const tab = strip?.querySelector<HTMLElement>('[data-active="true"]');
    if (!strip || !tab) return;
    // The arrows lie over the strip's ends, so the tab must clear them too.
    const left = tab.offsetLeft; // the strip is the tab's offset parent
    const right = left + tab.offsetWidth;
    if (left < strip.scrollLeft + ARROW_WIDTH) strip.scrollLeft = left - ARROW_WIDTH;
    else if (right > strip.scrollLeft + strip.clientWidth - ARROW_WIDTH) strip.scrollLeft = right - strip.clientWidth + ARROW_WIDTH;
    measure();
  }, [path, state.visited.length, measure]);

  const scrollBy = (direction: -1 | 1) => {
    const el = scroller.current;
    if (el) el.scrollLeft = arrowScroll(el.scrollLeft, direction, el.clientWidth, el.scrollWidth - el.clientWidth);
  };

  const close = (view: TabView) => {
    const next = delView(state, view);
    tabs.del(view);
    if (view.path === path) go(afterClose(next.visited, view), { replace: false });
  };
  const closeOthers = (view: TabView) => {
    tabs.delOthers(view);
    if (view.path !== path && !delOthersViews(state, view).visited.some((v) => v.path === path)) go(view.fullPath);
  };
  const closeAll = (view: TabView) => {
    const next = delAllViews(state);
    tabs.delAll();
    if (!next.visited.some((v) => v.path === path)) go(afterClose(next.visited, view));
  };
  const refresh = (view: TabView) => {
    tabs.delCached(view);
    go('/redirect' + view.fullPath);
  };

  const onWheel = (event: WheelEvent<HTMLDivElement>) => {
    const el = scroller.current;
    if (!el) return;
    const delta = event.deltaY || event.deltaX;
    el.scrollLeft = wheelScroll(el.scrollLeft, delta, el.scrollWidth - el.clientWidth);
  };

  const onContext = (event: MouseEvent, view: TabView) => {
    event.preventDefault();
    setMenu({ x: event.clientX, y: event.clientY, view });
  };

  return (
    <div className={classes.tags} data-testid="tags-view">
      {overflow.left && (
        <ActionIcon variant="subtle" color="gray" className={classes.tagsArrow} data-side="left" w={ARROW_WIDTH} onClick={() => scrollBy(-1)} aria-label={t('tabs.scrollLeft')} data-testid="tags-scroll-left">
          <IconChevronLeft size={16} />
        </ActionIcon>
      )}
      <div ref={scroller} className={classes.tagsScroller} onWheel={onWheel} onScroll={measure} data-testid="tags-scroller">
        <Group gap={TAB_GAP} wrap="nowrap" px={TAB_GAP} h="100%" w="max-content" miw="100%">
          {state.visited.map((view) => {
            const active = view.path === path;
            const title = info(view.path)?.title ?? view.meta.title;
            return (
              <UnstyledButton
                key={view.path}
                className={classes.tag}
                data-active={active}
                data-testid={`tab-${view.path}`}
                onClick={() => go(view.fullPath)}
                onContextMenu={(e) => onContext(e, view)}
                onAuxClick={(e) => {
                  if (e.button === 1 && !view.meta.affix) close(view);
                }}
              >
                <Group gap={4} wrap="nowrap">
                  {settings.tagsIcon && (view.path === '/home' ? <IconHome size={13} /> : <IconFileText size={13} />)}
                  <Text size="xs" inherit>
                    {title}
                  </Text>
                  {!view.meta.affix && (
                    <CloseButton
                      size="xs"
                      component="span"
                      aria-label={t('tabs.close')}
                      data-testid={`tab-close-${view.path}`}
                      onClick={(e: MouseEvent) => {
                        e.stopPropagation();
                        close(view);
                      }}
                    />
                  )}
                </Group>
              </UnstyledButton>
            );
          })}
        </Group>
      </div>
      {overflow.right && (
        <ActionIcon variant="subtle" color="gray" className={classes.tagsArrow} data-side="right" w={ARROW_WIDTH} onClick={() => scrollBy(1)} aria-label={t('tabs.scrollRight')} data-testid="tags-scroll-right">
          <IconChevronRight size={16} />
        </ActionIcon>
      )}
      {menu && (
        <Paper shadow="md" withBorder className={classes.contextMenu} style={{ left: menu.x, top: menu.y, width: MENU_WIDTH }} data-testid="tab-context-menu">
          {(
            [
              ['refresh', () => refresh(menu.view), false],
              ['close', () => close(menu.view), Boolean(menu.view.meta.affix)],
              ['closeOthers', () => closeOthers(menu.view), false],
              ['closeAll', () => closeAll(menu.view), false],
            ] as const
          ).map(([key, action, disabled]) =>
            disabled ? null : (
              <UnstyledButton key={key} className={classes.contextItem} onClick={action} data-testid={`tab-menu-${key}`}>
                {t(`tabs.${key}`)}
              </UnstyledButton>
            ),
          )}
        </Paper>
      )}
    </div>
  );
}
