import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { MantineProvider } from '@mantine/core';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { FlowDiagram } from '../../src/pages/flow/FlowDiagram';
import type { RawFlowNode } from '../../src/runtime/flow';

/** The read-only flow chart (src/pages/flow/FlowDiagram.tsx) on the product's 请假申请: boxes, the split, active and completed marks. */
const leave = JSON.parse(readFileSync(join(import.meta.dirname, '../../schemas/flows/leaveApply.flow.json'), 'utf8')) as RawFlowNode;
const html = (active: string[] = [], completed: string[] = []) =>
  renderToString(<MantineProvider><FlowDiagram template={leave} active={active} completed={completed} /></MantineProvider>);

describe('FlowDiagram', () => {
  it('draws every node once, the split’s branches side by side with their conditions, and the end', () => {
    const out = html();
    const ids = [...out.matchAll(/data-node="([^"]+)"/g)].map((m) => m[1]);
    expect(ids).toHaveLength(6);
    expect(new Set(ids).size).toBe(6);
    expect(out).toContain('aria-label="条件分支"');
    expect(out.match(/aria-label="分支 \d/g)).toHaveLength(2);
    expect(out).toContain('[请假天数 &lt;= 3]');
    expect(out).toContain('流程结束');
    expect(out).not.toContain('aria-current');
  });

  it('highlights the active node and marks the completed ones', () => {
    const head = leave.childNode!;
    const boss = head.conditionNodes!.find((b) => b.childNode)!.childNode!;
    const out = html([boss.nodeId], [leave.nodeId, head.nodeId]);
    expect(out.match(/aria-current="step"/g)).toHaveLength(1);
    expect(out).toContain(`aria-label="审批节点 · ${boss.properties!.title} · ${boss.content} · 进行中"`);
    expect(out.match(/data-state="completed"/g)).toHaveLength(2);
    expect(out).toContain('aria-label="审批节点 · 主管审批 · 发起者主管 · 已完成"');
  });
});
