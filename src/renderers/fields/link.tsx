import { Anchor } from '@mantine/core';
import { useNavigateTo } from '../context';
import type { ViewProps } from '../types';
import { displayOnly, propText } from './shared/common';

/** In-app route of a same-window link (spec widgets 2): /externalLink?href=<encoded>. */
export function externalLinkRoute(href: string): string {
  return `/externalLink?href=${encodeURIComponent(href)}`;
}

function View({ field }: ViewProps<'link'>) {
  const navigate = useNavigateTo();
  const href = propText(field.props, 'href');
  const content = propText(field.props, 'content') || String(field.defaultValue ?? '') || href;
  const blank = field.props.target === '_blank';
  return (
    <Anchor
      href={href ? (blank ? href : externalLinkRoute(href)) : undefined}
      target={blank ? '_blank' : undefined}
      rel={blank ? 'noopener noreferrer' : undefined}
      style={field.props.textStyle as React.CSSProperties | undefined}
      onClick={(e) => {
        if (!href) return e.preventDefault();
        if (blank) {
          e.preventDefault();
          window.open(href, '_blank', 'noopener');
        } else {
          e.preventDefault();
          navigate(externalLinkRoute(href));
        }
      }}
    >
      {content}
    </Anchor>
  );
}

export const linkRenderer = displayOnly(View);
